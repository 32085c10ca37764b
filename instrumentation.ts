// Next.js calls register() once per server process, before the first request: open the database
// (migrations run there), make the demo merchant on a fresh embedded database, start the worker.
// `npm start` (server.ts) calls start() from Next's build of this file and opens its port only once
// it resolves; both await one start-up (lib/boot.ts startProcess), which ends the process on failure.
import type { Started } from './lib/boot';

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  await start();
}

export async function start(): Promise<Started> {
  // Inlined by the build: the edge layer's copy of this file imports nothing of lib/.
  if (process.env.NEXT_RUNTIME !== 'nodejs') throw new Error('Caisse starts in the Node.js runtime only.');
  const { startProcess } = await import('./lib/boot');
  return startProcess();
}
