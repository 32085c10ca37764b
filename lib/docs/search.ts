// Search without JavaScript: /docs/search?q=... answers from this index, built from the OpenAPI
// document and the guides, on the server.
import { ERROR_CODE_DOCS, GUIDES, PAYMENT_ERROR_DOCS } from './guides';
import { errorCodes, type OpenApiDocument, objectHref, objectNames, operations, settingsObjectNames, slugify, webhookEvents } from './reference';

export interface Entry {
  title: string;
  url: string;
  /** What kind of page part: operation, object, guide, error code, event. */
  kind: string;
  text: string;
}

export function buildIndex(doc: OpenApiDocument): Entry[] {
  const out: Entry[] = [];
  for (const g of GUIDES) out.push({ title: g.title, url: `/docs/guides/${g.slug}`, kind: 'guide', text: g.summary });
  for (const op of operations(doc))
    out.push({
      title: op.summary,
      url: `/docs/api/${slugify(op.tag)}#${op.id}`,
      kind: `${op.method.toUpperCase()} ${op.path}`,
      text: [
        op.id,
        op.description ?? '',
        ...(op.op.parameters ?? []).map((p) => p.name),
        ...Object.keys(op.op.requestBody?.content['application/json']?.schema?.properties ?? {}),
      ].join(' '),
    });
  for (const name of [...objectNames(doc), ...settingsObjectNames(doc)]) {
    const s = doc.components.schemas[name]!;
    out.push({ title: name, url: objectHref(name), kind: 'object', text: [s.description ?? '', ...Object.keys(s.properties ?? {})].join(' ') });
  }
  for (const code of errorCodes(doc))
    out.push({ title: code, url: `/docs/guides/errors#${code}`, kind: 'error code', text: ERROR_CODE_DOCS[code]?.meaning ?? '' });
  for (const [code, meaning] of Object.entries(PAYMENT_ERROR_DOCS))
    out.push({ title: code, url: `/docs/guides/errors#payment-${code}`, kind: 'lastPaymentError code', text: meaning });
  for (const e of webhookEvents(doc)) out.push({ title: e.type, url: `/docs/objects#event-types`, kind: 'event', text: e.schema ?? '' });
  return out;
}

/** Entries holding every word of the query (case-insensitive); title matches first. At most `max`. */
export function search(index: Entry[], query: string, max = 30): Entry[] {
  const words = query
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 8);
  if (words.length === 0) return [];
  return index
    .map((e) => {
      const title = `${e.title} ${e.kind}`.toLowerCase();
      const all = `${title} ${e.text.toLowerCase()} ${e.url.toLowerCase()}`;
      if (!words.every((w) => all.includes(w))) return null;
      const score = words.filter((w) => title.includes(w)).length * 10 + (title.startsWith(words[0]!) ? 5 : 0) - e.title.length / 100;
      return { e, score };
    })
    .filter((x): x is { e: Entry; score: number } => x !== null)
    .sort((a, b) => b.score - a.score)
    .slice(0, max)
    .map((x) => x.e);
}
