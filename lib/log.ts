// JSON-lines logging. Never pass secrets here: API keys, webhook secrets and key hashes stay out
// of logs (the auth layer logs key ids only). As a second line of defence, fields whose name says
// they hold a secret or payer data are replaced by "[redacted]", and anything that looks like an
// international phone number (+2250554120000) in a logged string keeps only its last two digits.
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const l = (process.env.LOG_LEVEL ?? 'info') as Level;
  return ORDER[l] ?? ORDER.info;
}

/** Field names whose values never reach a log line. */
const SECRET_KEY = /phone|msisdn|partyid|payer|authorization|password|secret|token|api_?key|macaroon|cookie|body$/i;
/** E.164 numbers (and the same digits after 00): a payer's number in an error message. */
const PHONE = /(\+|\b00)(\d{6,13})(\d{2})\b/g;

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(PHONE, (_m, _p, mid: string, last: string) => `+${'*'.repeat(mid.length)}${last}`);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < threshold()) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...(redact(fields) as Record<string, unknown>) });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}
