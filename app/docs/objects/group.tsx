// A page of objects of their own (lib/docs/reference.ts OBJECT_PAGES: rail accounts, refunds, the
// ledger): its title, its intro, a table of contents, and each schema as /docs/objects shows it.
import type { ReactNode } from 'react';
import { docsDocument } from '@/lib/docs/load';
import { pageObjectNames } from '@/lib/docs/reference';
import styles from '../docs.module.css';
import { ObjectSection } from './section';

export function ObjectGroupPage({ path, title, intro }: { path: string; title: string; intro: ReactNode }) {
  const doc = docsDocument();
  const names = pageObjectNames(doc, path);
  return (
    <>
      <h1>{title}</h1>
      <p>{intro}</p>
      <nav aria-label={title}>
        <ul className={styles.toc}>
          {names.map((n) => (
            <li key={n}>
              <a href={`#${n}`}>{n}</a>
            </li>
          ))}
        </ul>
      </nav>
      {names.map((name) => (
        <ObjectSection key={name} doc={doc} name={name} />
      ))}
    </>
  );
}
