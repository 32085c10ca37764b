// A PostgreSQL database of one test's own on the server `url` names: made empty (whoever opens it
// first migrates it) and dropped after. For what must not share its worker's database
// (test/global-setup.ts): tables that are not per merchant, a server child process whose start-up
// reads every merchant's rows (an account another file left unreadable stops it), a CLI run that
// rewrites them.

export async function ownPostgresDatabase(url: string, prefix = 'caisse_own'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const { default: postgres } = await import('postgres'); // not loaded on the embedded database
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.href,
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
