// Dashboard passwords: scrypt (memory-hard, in node:crypto: no dependency), the parameters written
// into every hash so they can be raised later (needsRehash, re-hashed at the next sign-in).
//
// Parameters: N = 2^15, r = 8, p = 1 (RFC 7914's interactive-login tier and OWASP's minimum), so one
// hash uses 128·N·r = 32 MiB and took ~62 ms on this deployment's 2-core machine (2^16: ~130 ms,
// over the 100 ms aimed at for a sign-in). A 16-byte random salt, a 32-byte key. scrypt runs on
// libuv's thread pool (4 threads): it never blocks the event loop, and at most 4 hashes (128 MiB)
// run at once per process.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { randomBase62 } from '../ids';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** The parameters of new hashes. Raise N here; older hashes keep working and are upgraded on sign-in. */
export const SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 15, r: 8, p: 1 });
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/**
 * At least 10 characters: NIST SP 800-63B asks for 8 at least and no composition rules; 10 makes a
 * guessable one less likely without pushing people to `Password1!`. At most 200: room for any
 * passphrase or password manager, while bounding what one sign-in makes the server read, normalize
 * and hash (a megabyte "password" would be a cheap way to burn CPU). Counted in Unicode characters
 * (code points) after NFC normalization, the form the hash is computed on.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** Generated passwords: 20 base62 characters, ~119 bits (randomBase62 of 15 bytes). */
export const GENERATED_PASSWORD_LENGTH = 20;

/**
 * The same text typed on two devices may arrive composed (é) or decomposed (e + ´): hashed in one
 * form (NFC), both sign in.
 */
const normalize = (password: string): string => password.normalize('NFC');

/** Why `password` is refused, or null when it follows the policy. */
export function passwordProblem(password: string): string | null {
  const length = [...normalize(password)].length;
  if (length < PASSWORD_MIN_LENGTH) return `A password must have at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `A password must have at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}

/** A random password that follows the policy: 20 base62 characters. */
export function generatePassword(): string {
  // 15 bytes -> ceil(120 / log2(62)) = 21 characters; the first 20 carry ~119 bits.
  return randomBase62(15).slice(0, GENERATED_PASSWORD_LENGTH);
}

/** scrypt needs 128·N·r bytes (plus a little): allow twice that, so Node's memory cap never refuses a valid hash. */
const maxmemFor = ({ N, r }: ScryptParams): number => 2 * 128 * N * r;

function derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: maxmemFor(params) };
  return new Promise((resolve, reject) => scrypt(normalize(password), salt, length, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, SCRYPT_PARAMS, KEY_BYTES);
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

interface Decoded extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

/**
 * A stored hash, read back; null when it is not one of ours. The bounds keep a corrupted or
 * planted row from asking for gigabytes of memory or minutes of CPU.
 */
function decode(encoded: string): Decoded | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((x) => (/^[1-9][0-9]{0,9}$/.test(x!) ? Number(x) : NaN)) as [number, number, number];
  if (!(N >= 2 && N <= 2 ** 20 && (N & (N - 1)) === 0) || !(r >= 1 && r <= 32) || !(p >= 1 && p <= 16)) return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 16 || key.length < 16 || key.length > 64) return null;
  return { N, r, p, salt, key };
}

/** Does `password` match `encoded`? The keys are compared in constant time. An unreadable hash matches nothing. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const d = decode(encoded);
  if (!d) return false;
  // Bound the work before scrypt sees it (see PASSWORD_MAX_LENGTH); the hash is still computed so
  // the answer takes the same time as a wrong password of normal length.
  const tooLong = password.length > 4 * PASSWORD_MAX_LENGTH;
  const key = await derive(tooLong ? '' : password, d.salt, d, d.key.length);
  return timingSafeEqual(key, d.key) && !tooLong;
}

/** Was `encoded` made with other parameters than today's (or is it unreadable)? Re-hash it at the next successful sign-in. */
export function needsRehash(encoded: string): boolean {
  const d = decode(encoded);
  return !d || d.N !== SCRYPT_PARAMS.N || d.r !== SCRYPT_PARAMS.r || d.p !== SCRYPT_PARAMS.p || d.salt.length !== SALT_BYTES || d.key.length !== KEY_BYTES;
}

/**
 * A hash of no password, with today's parameters: an unknown email is verified against it, so
 * answering "wrong email" costs the same scrypt as "wrong password" (no enumeration by timing).
 * Random bytes, not a real hash: nothing can match it, and making it costs nothing at start-up.
 */
export const DUMMY_HASH = `scrypt$${SCRYPT_PARAMS.N}$${SCRYPT_PARAMS.r}$${SCRYPT_PARAMS.p}$${randomBytes(SALT_BYTES).toString('base64url')}$${randomBytes(KEY_BYTES).toString('base64url')}`;
