// The framework baseline for `npm run bench:page`: an empty page built with the same config,
// root layout and proxy (security headers) as the checkout page.
export const dynamic = 'force-dynamic';

export default function BenchEmpty() {
  return (
    <main>
      <p>Empty page</p>
    </main>
  );
}
