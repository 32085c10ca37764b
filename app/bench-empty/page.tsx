// The framework baseline for `npm run bench:page`: an empty page built with the same config,
// root layout and proxy (security headers) as the checkout page. Served only to the benchmark
// (it starts the server with BENCH_PAGES=1); anywhere else it is a 404.
import { notFound } from 'next/navigation';

export const dynamic = 'force-dynamic';

export default function BenchEmpty() {
  if (process.env.BENCH_PAGES !== '1') notFound();
  return (
    <main>
      <p>Empty page</p>
    </main>
  );
}
