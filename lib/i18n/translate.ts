// The one translation mechanism of the checkout page, the payment-link pages and the dashboard.
// Each area has a message table per locale (checkout: en.ts / fr.ts; payment-link pages: links.ts;
// dashboard: dashboard.ts; dashboard catalog pages: catalog.ts). The second table of an area is
// typed `MessageTable<typeof first>`, so a missing or extra key is a type error, and `translator(tables)`
// gives the lookup for a locale, with `{name}` placeholders filled by `fill`. Imports nothing: the
// bottom of lib/ may use it.

export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Values for `{name}` placeholders. */
export type Vars = Record<string, string | number>;

/** A message table with exactly the keys of `M`, each a string. */
export type MessageTable<M> = { readonly [K in keyof M]: string };

/** A lookup of one area in one locale: the message, its placeholders filled from `vars`. */
export type Lookup<K extends string> = (key: K, vars?: Vars) => string;

/** `template` with each `{name}` that `vars` has replaced by its value; other braces stay. */
export function fill(template: string, vars?: Vars): string {
  return vars ? template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : template;
}

/** An area's lookup for each locale, from its tables (one per locale, same keys). */
export function translator<M extends MessageTable<M>>(tables: Record<Locale, M>): (locale: Locale) => Lookup<keyof M & string> {
  const lookups = {} as Record<Locale, Lookup<keyof M & string>>;
  for (const locale of LOCALES) {
    const table = tables[locale];
    lookups[locale] = (key, vars) => fill(table[key], vars);
  }
  return (locale) => lookups[locale];
}
