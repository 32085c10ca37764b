// An object acknowledged with a 2xx is on disk, whichever database holds it:
// - embedded PGlite: kill -9 the server process right after the answer, open the data folder again;
// - PostgreSQL: crash the database server itself (`pg_ctl stop -m immediate`: every server process
//   is killed at once, nothing is flushed, the next start replays the WAL), start it again.
// The PostgreSQL case runs its own private cluster (initdb + pg_ctl in a temporary directory, on a
// free port), whatever DATABASE_URL says: the shared test server is not ours to crash. It runs in
// both test runs, and is skipped (saying so) only where the PostgreSQL server binaries are absent.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { createMerchant, type MerchantKeys } from '@/lib/domain/merchants';
import { startServer } from './server-process';
import { freePort } from './webhook-receiver';

const run = promisify(execFile);

/** POST n products through the child server; returns their ids, each acknowledged with a 200. */
async function acknowledgedWrites(port: number, m: MerchantKeys, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await fetch(`http://127.0.0.1:${port}/v1/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${m.keys.test}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `durable ${i}` }),
    });
    expect(r.status).toBe(200);
    ids.push((await r.json()).id);
  }
  return ids;
}

async function storedIds(databaseUrl: string | undefined, dataDir: string | undefined, ids: string[]): Promise<string[]> {
  const reopened = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    const rows = await reopened.db.query<{ id: string }>(`select id from products where id = any($1::text[])`, [ids]);
    return rows.map((r) => r.id).sort();
  } finally {
    await reopened.close();
  }
}

// ---------------------------------------------------------------------------------------------
// A private PostgreSQL cluster, as scripts/with-postgres.sh starts one: initdb + pg_ctl from
// /usr/lib/postgresql/<newest>/bin; as root the server runs as the `postgres` user (it refuses root).

function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')) && fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

const PG_BIN = postgresBin();
const AS_ROOT = process.getuid?.() === 0;

class PrivateCluster {
  readonly data: string;
  readonly log: string;
  private constructor(
    readonly dir: string,
    readonly port: number,
    readonly user: string,
  ) {
    this.data = path.join(dir, 'data');
    this.log = path.join(dir, 'server.log');
  }

  static async create(): Promise<PrivateCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-pgcrash-'));
    if (AS_ROOT) {
      const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
      const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
      fs.chownSync(dir, uid, gid);
    }
    const cluster = new PrivateCluster(dir, await freePort(), AS_ROOT ? 'postgres' : os.userInfo().username);
    await cluster.pg('initdb', ['-D', cluster.data, '-A', 'trust', '-U', cluster.user, '--no-sync']);
    return cluster;
  }

  get url(): string {
    return `postgres://${this.user}@127.0.0.1:${this.port}/postgres`;
  }

  /** Run one of the server's programs, as the `postgres` user when we are root. */
  private pg(program: string, args: string[]) {
    const bin = path.join(PG_BIN!, program);
    return AS_ROOT ? run('runuser', ['-u', 'postgres', '--', bin, ...args]) : run(bin, args);
  }

  start() {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`;
    return this.pg('pg_ctl', ['-D', this.data, '-o', opts, '-l', this.log, '-w', '-t', '60', 'start']);
  }

  /** The server's kill -9: every server process dies at once, no checkpoint, no flush. */
  crash() {
    return this.pg('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']).catch(() => {});
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

describe('durability', () => {
  it('embedded PGlite: keeps every acknowledged write across kill -9 of the process', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caisse-durable-'));
    try {
      const setup = await openDatabase({ dataDir: dir });
      const m = await createMerchant(setup.db, 'Durable');
      await setup.close();

      const server = await startServer({ DATA_DIR: dir });
      const ids = await acknowledgedWrites(server.port, m, 20);
      await server.kill(); // SIGKILL right after the last 200: no shutdown, no flush

      expect(await storedIds(undefined, dir, ids)).toEqual([...ids].sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it.skipIf(!PG_BIN)(
    `PostgreSQL: keeps every acknowledged write across a crash of the database server${PG_BIN ? '' : ' (SKIPPED: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin)'}`,
    async () => {
      const cluster = await PrivateCluster.create();
      let server: Awaited<ReturnType<typeof startServer>> | undefined;
      try {
        await cluster.start();
        const setup = await openDatabase({ databaseUrl: cluster.url });
        const m = await createMerchant(setup.db, 'Durable');
        await setup.close();

        server = await startServer({ DATABASE_URL: cluster.url });
        const ids = await acknowledgedWrites(server.port, m, 20);
        await cluster.crash(); // right after the last 200: the server dies, nothing is flushed
        await server.kill();

        await cluster.start();
        // The restart really recovered from a crash (it replayed the WAL), not from a clean stop.
        expect(fs.readFileSync(cluster.log, 'utf8')).toMatch(/database system was interrupted|not properly shut down/);
        expect(await storedIds(cluster.url, undefined, ids)).toEqual([...ids].sort());
      } finally {
        await server?.kill();
        await cluster.destroy();
      }
    },
    120_000,
  );
});
