// The SDK's example program (sdk/examples/quickstart.ts), as a merchant's developer would use the
// SDK: type-checked with tsc --strict against the installed package's types (sdk/dist), with no
// `any` anywhere in the SDK or the example, then run against a real server (every /v1 route,
// served natively, with the worker delivering webhooks): create -> session -> confirm -> test pay
// -> payment_intent.succeeded received and verified -> list with auto-pagination.
// On the embedded database, or on PostgreSQL (a database of its own, so this server's worker
// touches no other test's rows) when the suite runs with DATABASE_URL.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/** Every `any` written as a type in these files (comments and strings do not count). */
function anyTypes(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const src = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`${path.relative(root, file)}:${src.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      ts.forEachChild(node, visit);
    };
    visit(src);
  }
  return found;
}

const tsFiles = (dir: string, ext: RegExp) =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .map((f) => path.join(root, dir, f));

describe('sdk/examples/quickstart.ts', () => {
  it('type-checks with tsc --strict (noImplicitAny) against the package as installed, and no `any` is written in the SDK, its types or the example', async () => {
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const config = JSON.parse(fs.readFileSync(path.join(root, 'sdk', 'examples', 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
    expect(config.compilerOptions).toMatchObject({ strict: true, noImplicitAny: true });
    const r = await run(process.execPath, [tsc, '-p', 'sdk/examples/tsconfig.json', '--listFilesOnly'], { cwd: root });
    // '@caisse/sdk' resolves to the built package (node_modules/@caisse/sdk -> sdk/, exports -> dist/index.d.ts).
    expect(r.stdout).toMatch(/sdk\/dist\/index\.d\.ts/);
    await run(process.execPath, [tsc, '-p', 'sdk/examples/tsconfig.json'], { cwd: root }).catch((e: { stdout?: string }) => {
      throw new Error(`tsc -p sdk/examples/tsconfig.json:\n${e.stdout ?? String(e)}`);
    });
    expect(anyTypes([...tsFiles('sdk/src', /\.ts$/), ...tsFiles('sdk/dist', /\.d\.ts$/), ...tsFiles('sdk/examples', /\.ts$/)])).toEqual([]);
  }, 120_000);

  it('runs against a real server: intent, session, confirm, test pay, verified webhook, auto-pagination', async () => {
    let env: Record<string, string>;
    let dropDatabase = async () => {};
    if (process.env.DATABASE_URL) {
      const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
      const name = `caisse_sdk_${process.pid}_${Date.now()}`;
      await admin.unsafe(`create database "${name}"`);
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      env = { DATABASE_URL: url.href };
      dropDatabase = async () => {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end();
      };
    } else env = { DATA_DIR: 'memory' };

    const { DATABASE_URL: _a, DATA_DIR: _b, ...base } = process.env;
    const server = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/sdk-server.ts'], {
      cwd: root,
      env: { ...base, ...env, WORKER: 'on' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let serverErr = '';
    server.stderr.on('data', (d) => (serverErr += d));
    try {
      const { port, key } = await new Promise<{ port: number; key: string }>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (d) => {
          out += d;
          const p = /^PORT (\d+)$/m.exec(out);
          const k = /^KEY (sk_test_\S+)$/m.exec(out);
          if (p && k) resolve({ port: Number(p[1]), key: k[1]! });
        });
        server.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${serverErr}`)));
      });
      const example = await run(process.execPath, ['--import', 'tsx', 'sdk/examples/quickstart.ts'], {
        cwd: root,
        env: { ...base, CAISSE_KEY: key, CAISSE_BASE_URL: `http://127.0.0.1:${port}` },
        timeout: 90_000,
      }).catch((e: { stdout?: string; stderr?: string; code?: number }) => {
        throw new Error(`the example failed (${e.code}):\n${e.stdout}\n${e.stderr}\nserver: ${serverErr}`);
      });
      const line = example.stdout.split('\n').find((l) => l.startsWith('SUMMARY '));
      expect(line, example.stdout).toBeDefined();
      const summary = JSON.parse(line!.slice('SUMMARY '.length)) as Record<string, unknown>;
      expect(summary).toMatchObject({ status: 'succeeded', eventType: 'payment_intent.succeeded', listed: 5, succeeded: 1, rejectedDeliveries: 0 });
      expect(summary.pages).toBeGreaterThanOrEqual(3);
      expect(String(summary.event)).toMatch(/^evt_/);
    } finally {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((done) => server.once('exit', done));
        server.kill('SIGKILL');
        await exited;
      }
      await dropDatabase();
    }
  }, 180_000);
});
