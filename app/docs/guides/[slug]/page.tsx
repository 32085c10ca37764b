// /docs/guides/<slug>: one guide (authentication, errors, pagination, idempotency, test mode,
// webhooks, quotes, payment links, your own rail accounts, the SDK). The list is lib/docs/guides.ts; bodies ../content.tsx.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { GUIDES, guide } from '@/lib/docs/guides';
import { docsBaseUrl } from '@/lib/docs/load';
import styles from '../../docs.module.css';
import { GUIDE_BODIES } from '../content';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const g = guide((await params).slug);
  return { title: `${g?.title ?? 'Not found'}: Caisse API reference`, description: g?.summary };
}

export default async function GuidePage({ params }: Props) {
  const { slug } = await params;
  const g = guide(slug);
  const body = GUIDE_BODIES[slug];
  if (!g || !body) notFound();
  const i = GUIDES.indexOf(g);
  const next = GUIDES[i + 1];
  return (
    <>
      <h1>{g.title}</h1>
      {body({ base: docsBaseUrl() })}
      {next ? (
        <p className={styles.next}>
          Next: <Link href={`/docs/guides/${next.slug}`}>{next.title}</Link>
        </p>
      ) : null}
    </>
  );
}
