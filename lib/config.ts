// Every environment variable the service reads, parsed once. The README's configuration table
// lists the same names; keep the two in step.
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  BASE_URL: z.url().default('http://localhost:3000'),
  CHECKOUT_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.string().min(1).optional(),
  RATE_LIMIT_PER_SECOND: z.coerce.number().positive().default(25),
  RATE_LIMIT_BURST: z.coerce.number().int().positive().default(100),
  WORKER: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
});

export type Config = z.infer<typeof envSchema> & { checkoutUrl: string };

let cached: Config | undefined;

export function config(): Config {
  if (cached) return cached;
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const base = parsed.data.BASE_URL.replace(/\/+$/, '');
  const checkoutUrl = (parsed.data.CHECKOUT_URL ?? `${base}/checkout`).replace(/\/+$/, '');
  cached = { ...parsed.data, BASE_URL: base, checkoutUrl };
  return cached;
}

/** For tests that change the environment between cases. */
export function resetConfigForTests(): void {
  cached = undefined;
}
