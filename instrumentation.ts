// Next.js calls register() once per server process, before the first request: open the database
// (migrations run there), make the demo merchant on a fresh embedded database, start the worker.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { boot } = await import('./lib/boot');
  await boot();
}
