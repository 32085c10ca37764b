// A server child process for the crash and durability tests: test/fixtures/http-server.ts on
// exactly the database the environment names (DATA_DIR or DATABASE_URL, nothing inherited), with
// its port, and a kill that is SIGKILL (no shutdown, no flush).
import { spawn } from 'node:child_process';

export function startServer(env: Record<string, string>): Promise<{ port: number; kill(): Promise<void> }> {
  const { DATABASE_URL: _ignored, DATA_DIR: _ignored2, ...base } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/http-server.ts'], {
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m)
        resolve({
          port: Number(m[1]),
          kill: () =>
            new Promise((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGKILL');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}
