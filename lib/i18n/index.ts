// The checkout page's two languages, and the locale choice of every page. The mechanism (locales,
// message tables, `{placeholder}` lookups) is translate.ts, shared with the payment-link pages
// (links.ts) and the dashboard (dashboard.ts, catalog.ts); the page's strings are en.ts and fr.ts
// (same keys). The locale: the buyer's switch (cookie), else the session's locale, else
// Accept-Language, else French for XOF, XAF and GNF (English otherwise).
import { en, type Messages } from './en';
import { fr } from './fr';
import { type Locale, type Lookup, translator } from './translate';

export { fill, LOCALES, type Locale, type Lookup, type MessageTable, translator, type Vars } from './translate';

export type MessageKey = keyof Messages;
export const LOCALE_COOKIE = 'caisse_locale';

/** The checkout page's lookup. */
export type T = Lookup<MessageKey>;

export const t: (locale: Locale) => T = translator<Messages>({ fr, en });

export const hasKey = (k: string): k is MessageKey => Object.hasOwn(en, k);

export const isLocale = (v: unknown): v is Locale => v === 'fr' || v === 'en';

/** First of fr/en in an Accept-Language header, by q value; null when neither is there. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: (tag ?? '').trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranked) if (isLocale(r.lang)) return r.lang;
  return null;
}

export function pickLocale(opts: { cookie?: string | null; sessionLocale?: string | null; acceptLanguage?: string | null; currency?: string | null }): Locale {
  if (isLocale(opts.cookie)) return opts.cookie;
  if (isLocale(opts.sessionLocale)) return opts.sessionLocale;
  const fromHeader = fromAcceptLanguage(opts.acceptLanguage);
  if (fromHeader) return fromHeader;
  return opts.currency === 'BTC' || opts.currency === 'USDT' ? 'en' : 'fr';
}

export function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
