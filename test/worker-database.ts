// The database of vitest worker `poolId` (VITEST_POOL_ID) on PostgreSQL: a copy of the suite's
// database named <name>_w<poolId> (made by test/global-setup.ts, used via test/setup-file.ts).
export function workerDatabaseUrl(url: string, poolId: string): string {
  const u = new URL(url);
  u.pathname = `${u.pathname}_w${poolId}`;
  return u.href;
}
