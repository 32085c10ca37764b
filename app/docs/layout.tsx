// The frame of every /docs page: a skip link, a header with search (a plain GET form), and the
// navigation: a sidebar on wide screens, a <details> disclosure on phones (no JavaScript either way).
import Link from 'next/link';
import type { ReactNode } from 'react';
import { GUIDES } from '@/lib/docs/guides';
import { docsDocument } from '@/lib/docs/load';
import { tagGroups } from '@/lib/docs/reference';
import styles from './docs.module.css';

export default function DocsLayout({ children }: { children: ReactNode }) {
  const groups = tagGroups(docsDocument());
  return (
    <div lang="en" className={styles.shell}>
      <a href="#content" className={styles.skip}>
        Skip to content
      </a>
      <header className={styles.header}>
        <Link href="/docs" className={styles.brand}>
          Caisse API
        </Link>
        <form action="/docs/search" method="get" role="search" aria-label="Search the documentation" className={styles.search}>
          <label htmlFor="docs-q" className={styles.visuallyHidden}>
            Search the documentation
          </label>
          <input id="docs-q" name="q" type="search" placeholder="Search" />
          <button type="submit">Search</button>
        </form>
      </header>
      <div className={styles.cols}>
        <nav aria-label="Documentation" className={styles.nav}>
          <details className={styles.menu}>
            <summary>Contents</summary>
            <ul>
              <li>
                <Link href="/docs">Overview</Link>
              </li>
              <li>
                <Link href="/docs#quickstart">Quickstart</Link>
              </li>
            </ul>
            <p className={styles.navHead}>Guides</p>
            <ul>
              {GUIDES.map((g) => (
                <li key={g.slug}>
                  <Link href={`/docs/guides/${g.slug}`}>{g.title}</Link>
                </li>
              ))}
            </ul>
            <p className={styles.navHead}>API reference</p>
            <ul>
              {groups.map((g) => (
                <li key={g.slug}>
                  <Link href={`/docs/api/${g.slug}`}>{g.name}</Link>
                  <ul>
                    {g.operations.map((op) => (
                      <li key={op.id}>
                        <Link href={`/docs/api/${g.slug}#${op.id}`}>{op.summary.replace(/ \(.*\)$/, '')}</Link>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
              <li>
                <Link href="/docs/objects">Objects and events</Link>
              </li>
              <li>
                <a href="/v1/openapi.json">OpenAPI 3.1 (JSON)</a>
              </li>
            </ul>
          </details>
        </nav>
        <main id="content" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
