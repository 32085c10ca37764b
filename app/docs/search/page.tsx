// /docs/search?q=...: search without JavaScript, answered on the server from the OpenAPI document
// and the guides (lib/docs/search.ts).
import type { Metadata } from 'next';
import Link from 'next/link';
import { docsDocument } from '@/lib/docs/load';
import { buildIndex, search } from '@/lib/docs/search';
import styles from '../docs.module.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Search: Caisse API reference', robots: { index: false } };

type Props = { searchParams: Promise<{ q?: string | string[] }> };

export default async function SearchPage({ searchParams }: Props) {
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 200) ?? '';
  const results = q ? search(buildIndex(docsDocument()), q) : [];
  return (
    <>
      <h1>Search</h1>
      <form action="/docs/search" method="get" role="search" aria-label="Search again" className={styles.search}>
        <label htmlFor="search-q">Words to find</label>
        <input id="search-q" name="q" type="search" defaultValue={q} />
        <button type="submit">Search</button>
      </form>
      {q ? (
        <p role="status">
          {results.length === 0 ? 'Nothing found' : `${results.length} result${results.length === 1 ? '' : 's'}`} for “{q}”.
        </p>
      ) : null}
      <ul className={styles.results}>
        {results.map((r) => (
          <li key={r.url + r.title}>
            <Link href={r.url}>{r.title}</Link> <span className={styles.kind}>{r.kind}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
