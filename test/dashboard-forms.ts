// What the dashboard's tests do with its server actions and pages, as a browser without JavaScript
// would: post a form to an action (it must end in a redirect: where to), and read a page's text.

/** A form's fields (a repeated field: an array). */
export function formOf(fields: Record<string, string | string[]>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
  return f;
}

/** Run a server action with `fields`; it must end in a redirect (Next's NEXT_REDIRECT): where to. */
export async function postAction(action: (f: FormData) => Promise<void>, fields: Record<string, string | string[]> = {}): Promise<string> {
  const err = await action(formOf(fields)).then(
    () => null,
    (e: unknown) => e,
  );
  const digest = (err as { digest?: string } | null)?.digest ?? '';
  if (!digest.startsWith('NEXT_REDIRECT;')) throw err ?? new Error('the action did not redirect');
  return digest.split(';')[2]!;
}

/** A page's HTML as text: tags gone, the entities React writes decoded, spaces collapsed. */
export const htmlText = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
