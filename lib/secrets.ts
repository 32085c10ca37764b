// Secrets at rest (a merchant's rail credentials): AES-256-GCM under the deployment's key ring.
//
// CAISSE_ENCRYPTION_KEY is a comma-separated list of `<key id>:<key>` (the key: 32 bytes, as 64 hex
// characters or base64); the first encrypts, every one decrypts, so a key is rotated by putting the
// new one first, running `npm run -s caisse -- rail-accounts re-encrypt`, then removing the old one.
// A bare key (no id) gets an id from its digest. Unset on the embedded database, the key is made
// once and kept beside the data folder (DATA_DIR/encryption-key, mode 0600); an in-memory
// database (tests) gets one for the life of the process. Unset on PostgreSQL: no key, so no rail
// account can be saved (the operator is told why) and none can be read (start-up refuses).
//
// A sealed value is `v1:<key id>:<base64url(iv | tag | ciphertext)>`; its associated data names
// what it belongs to (`rail_account:<id>:<version>`), so a value copied onto another row fails.
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { closeSync, existsSync, fchmodSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface KeyRing {
  /** The key new values are sealed with. */
  current: { id: string; key: Buffer };
  /** Every key a value may be opened with, by id (the current one included). */
  byId: Map<string, Buffer>;
  /** Where the ring came from: the environment, the embedded data folder, or this process only. */
  source: 'env' | 'file' | 'process';
}

/** The key ring is missing or cannot open a value: said to the operator, never with the secret. */
export class SecretsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsError';
  }
}

function parseKey(raw: string, where: string): Buffer {
  const v = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  if (key.length !== 32) throw new SecretsError(`${where}: a key must be 32 bytes (64 hex characters, or base64).`);
  return key;
}

const digestId = (key: Buffer) => `k${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;

/** CAISSE_ENCRYPTION_KEY, parsed: `id:key,id:key` or one bare key. Throws on a malformed one. */
export function parseKeyRing(value: string, source: KeyRing['source'] = 'env'): KeyRing {
  const byId = new Map<string, Buffer>();
  let current: KeyRing['current'] | undefined;
  for (const part of value.split(',')) {
    if (!part.trim()) continue;
    const colon = part.indexOf(':');
    const [id, raw] = colon === -1 ? [null, part] : [part.slice(0, colon).trim(), part.slice(colon + 1)];
    if (id !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(id))
      throw new SecretsError('CAISSE_ENCRYPTION_KEY: a key id is 1 to 32 letters, digits, - or _ (the form is id:key,id:key).');
    const key = parseKey(raw, 'CAISSE_ENCRYPTION_KEY');
    const kid = id ?? digestId(key);
    if (byId.has(kid)) throw new SecretsError(`CAISSE_ENCRYPTION_KEY: the key id ${kid} is listed twice.`);
    byId.set(kid, key);
    current ??= { id: kid, key };
  }
  if (!current) throw new SecretsError('CAISSE_ENCRYPTION_KEY is empty.');
  return { current, byId, source };
}

/** A new key, as CAISSE_ENCRYPTION_KEY takes it (`id:base64`). */
export function newKeySpec(id = `k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`): string {
  return `${id}:${randomBytes(32).toString('base64')}`;
}

const state = ((globalThis as Record<symbol, unknown>)[Symbol.for('caisse.secrets')] ??= {}) as { ring?: KeyRing | null };

/**
 * The deployment's key ring: CAISSE_ENCRYPTION_KEY; else, on the embedded database, the data
 * folder's key (made on first use); else null (PostgreSQL without a key).
 */
export function keyRing(opts: { env?: string; dataDir: string; embedded: boolean }): KeyRing | null {
  if (state.ring !== undefined) return state.ring;
  if (opts.env) return (state.ring = parseKeyRing(opts.env, 'env'));
  if (!opts.embedded) return (state.ring = null);
  if (opts.dataDir === 'memory') return (state.ring = parseKeyRing(newKeySpec('memory'), 'process'));
  const file = join(opts.dataDir, 'encryption-key');
  if (!existsSync(file)) makeKeyFile(opts.dataDir, file);
  return (state.ring = parseKeyRing(readFileSync(file, 'utf8'), 'file'));
}

/**
 * The embedded database's key file, made once: readable by its owner only (0600, whatever the
 * umask), written in full and flushed under another name, then linked into place, so a reader
 * never sees half a key and two processes racing keep the first one's.
 */
function makeKeyFile(dataDir: string, file: string): void {
  mkdirSync(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, `${newKeySpec()}\n`);
    fchmodSync(fd, 0o600);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
}

/** Tests and the CLI's re-encrypt change the key between uses. */
export function resetKeyRingForTests(ring?: KeyRing | null): void {
  state.ring = ring;
}

/** `plaintext` sealed under the ring's current key, bound to `aad`. */
export function seal(ring: KeyRing, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1:${ring.current.id}:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url')}`;
}

/** The key id a sealed value names. */
export function sealedKeyId(sealed: string): string | null {
  const m = /^v1:([A-Za-z0-9_-]{1,32}):/.exec(sealed);
  return m ? m[1]! : null;
}

/** A sealed value opened, or SecretsError: an unknown key id, another row's value, a changed byte. */
export function open(ring: KeyRing, sealed: string, aad: string): string {
  const m = /^v1:([A-Za-z0-9_-]{1,32}):([A-Za-z0-9_-]+)$/.exec(sealed);
  if (!m) throw new SecretsError('a sealed value is not in the v1 form');
  const key = ring.byId.get(m[1]!);
  if (!key) throw new SecretsError(`it was sealed with the key ${m[1]}, which CAISSE_ENCRYPTION_KEY does not list`);
  const raw = Buffer.from(m[2]!, 'base64url');
  if (raw.length < 28) throw new SecretsError('a sealed value is truncated');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretsError(`it does not open with the key ${m[1]} (a different key under that id, or a changed value)`);
  }
}

/** The key secrets' fingerprints are made with: derived from the ring's current key (never stored). */
export function fingerprintKey(ring: KeyRing): Buffer {
  return Buffer.from(hkdfSync('sha256', ring.current.key, Buffer.alloc(0), 'caisse secret fingerprint', 32));
}

/**
 * What may be shown of a secret: a fingerprint (an HMAC under a key derived from the key ring, so
 * a short secret cannot be found from it by trying every value), and its last four characters only
 * when the secret is long enough that they give nothing away (16 characters or more).
 */
export function secretHint(value: string, key: Buffer): { last4: string; fingerprint: string } {
  return { last4: value.length >= 16 ? value.slice(-4) : '', fingerprint: createHmac('sha256', key).update(value).digest('hex').slice(0, 12) };
}
