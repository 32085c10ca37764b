// The small page a payment link's URL answers when it makes no session: 404 (no such link), 410
// (the link, its price or its product is inactive), 429 (too many visits from this address).
// Plain server-rendered HTML, no script: readable without JavaScript, at 360 px, by a screen reader.
import { isLocale, LOCALE_COOKIE, type Locale, pickLocale } from '@/lib/i18n';
import { LINK_MESSAGES } from '@/lib/i18n/links';

export type Unavailable = { reason: 'not_found' } | { reason: 'inactive' } | { reason: 'rate_limited'; retryAfter: number };

const STATUS = { not_found: 404, inactive: 410, rate_limited: 429 } as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f4f2}' +
  'main{box-sizing:border-box;max-width:32rem;margin:12vh auto 0;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}' +
  'h1{font-size:1.25rem;line-height:1.3;margin:0 0 .75rem}p{margin:0}.brand{margin-top:1.5rem;font-size:.875rem;color:#555}' +
  '@media (max-width:400px){main{margin:0;min-height:100vh;border-radius:0;box-shadow:none}}';

/** The buyer's language: the checkout page's switch (cookie), else Accept-Language, else French. */
export function linkPageLocale(headers: Headers): Locale {
  const cookie = (headers.get('cookie') ?? '')
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === LOCALE_COOKIE)?.[1];
  return pickLocale({ cookie: isLocale(cookie) ? cookie : null, acceptLanguage: headers.get('accept-language') });
}

export function unavailableResponse(request: Request, why: Unavailable, withBody = true): Response {
  const locale = linkPageLocale(request.headers);
  const m = LINK_MESSAGES[locale];
  const [title, text] =
    why.reason === 'inactive'
      ? [m.goneTitle, m.goneText]
      : why.reason === 'rate_limited'
        ? [m.rateLimitedTitle, m.rateLimitedText.replace('{seconds}', String(why.retryAfter))]
        : [m.notFoundTitle, m.notFoundText];
  // proxy.ts gives /checkout/* a nonce and a CSP naming it; called without it (tests), one of our own.
  const nonce = request.headers.get('x-nonce') ?? Buffer.from(crypto.randomUUID()).toString('base64');
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">' +
    `<title>${escapeHtml(title)} · ${escapeHtml(m.brand)}</title><style nonce="${escapeHtml(nonce)}">${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p class="brand">${escapeHtml(m.brand)}</p></main></body></html>`;
  return new Response(withBody ? html : null, {
    status: STATUS[why.reason],
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Language': locale,
      'Cache-Control': 'no-store',
      Vary: 'Accept-Language, Cookie',
      'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex, nofollow',
      ...(why.reason === 'rate_limited' ? { 'Retry-After': String(why.retryAfter) } : {}),
    },
  });
}
