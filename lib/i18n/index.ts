// The checkout page's two languages. Strings live in en.ts and fr.ts (same keys); t(locale) gives
// a lookup with {placeholders}. The locale: the buyer's switch (cookie), else the session's
// locale, else Accept-Language, else French for XOF, XAF and GNF (English otherwise).
import { en, type Messages } from './en';
import { fr } from './fr';

export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export type MessageKey = keyof Messages;
export const LOCALE_COOKIE = 'caisse_locale';

const TABLES: Record<Locale, Messages> = { fr, en };

export type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function t(locale: Locale): T {
  const table = TABLES[locale];
  return (key, vars) => {
    const s = table[key];
    return vars ? s.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : s;
  };
}

export const hasKey = (k: string): k is MessageKey => Object.prototype.hasOwnProperty.call(en, k);

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
