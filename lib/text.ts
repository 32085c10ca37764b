// Text that PostgreSQL can store as it came: no NUL character (text and jsonb refuse it) and no
// unpaired UTF-16 surrogate (it would be written as U+FFFD, silently). Every entry point checks
// what it receives with this before a query: the API (lib/api/request.ts), the dashboard's filters,
// and the production server refuses a page's URL that decodes to NUL (lib/api/router.ts).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}
