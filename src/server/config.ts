import { z } from 'zod';
import { isValidSlug } from '#domain/slug.ts';

// Every setting the server reads, in one place (ARCHITECTURE: no scattered process.env). README lists them.
const booleanText = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const configSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a port number')
    .min(0)
    .max(65535)
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./.data'),
  APP_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as posgh.com or localhost')
    .transform((value) => value.toLowerCase())
    .default('localhost'),
  // Single-shop mode: this one business at every address (a shop's own server reached by IP); no public site.
  SINGLE_BUSINESS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .toLowerCase()
      .refine(isValidSlug, 'must be the slug of a business, such as demo (letters, digits and hyphens)')
      .optional(),
  ),
  PUBLIC_URL: z.url({ message: 'must be a URL such as https://posgh.com' }).optional(),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  SERVE_WEB: booleanText.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanText.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Akwaaba POS <no-reply@localhost>'),
  // Who may open /dev/mailbox while mail is only captured (no SMTP_URL); never anyone from another machine.
  // admins: signed-in internal admins on this machine · loopback: anyone on this machine · off. true/false
  // are kept as admins/off for older environments.
  DEV_MAILBOX: z
    .enum(['admins', 'loopback', 'off', 'true', 'false'], { message: 'must be admins, loopback or off' })
    .transform((value) => (value === 'true' ? 'admins' : value === 'false' ? 'off' : value))
    .default('admins'),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  // Key of the HMAC that stores PINs; unset: one is generated on first start and kept in the database.
  // Changing it makes every existing PIN stop working.
  PIN_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Key that encrypts each business's payment-provider secret key (AES-256-GCM) and signs sandbox webhooks;
  // unset: one is generated on first start and kept in the database. Changing it makes stored keys unreadable
  // (owners enter them again).
  PAYMENTS_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // How long a call to a payment provider may take before the till is told there is no answer yet.
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a number of milliseconds')
    .min(100)
    .max(120_000)
    .default(15_000),
  TRUST_PROXY: booleanText.default(false),
  SHOWCASE_SLUGS: z
    .string()
    .default('demo,kofi-mart,adjoa-pharmacy,osu-electronics')
    .transform((value) =>
      value
        .split(',')
        .map((slug) => slug.trim())
        .filter(Boolean)
        .slice(0, 4),
    ),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment; throws a ConfigError naming every bad variable at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(Object.keys(configSchema.shape).map((key) => [key, env[key]]));
  const result = configSchema.safeParse(known);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
    ),
  );
}

/**
 * Settings for tests: quiet, no demo data, no SPA; the mailbox open to this machine, as on a developer's
 * (tests that check who may see it say DEV_MAILBOX themselves).
 */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    DEV_MAILBOX: 'loopback',
    ...overrides,
  });
}
