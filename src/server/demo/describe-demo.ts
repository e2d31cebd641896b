import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { businesses } from '../db/schema/index.ts';
import { describeDemoStaff } from '../modules/accounts/index.ts';
import { describeDemoAdmin } from '../modules/admin/index.ts';
import type { Mailer } from '../modules/mail/index.ts';
import { describeDemoSales } from '../modules/sales/index.ts';

/**
 * Lines a feature adds to the start-up banner while the demo business exists (its demo sign-ins, say).
 * Each gets the base URL of the public site.
 */
export const DEMO_BANNER_LINES: ((baseUrl: string) => string[])[] = [
  describeDemoAdmin,
  describeDemoStaff,
  describeDemoSales,
];

type BannerInput = { config: Config; database: Database; port: number; seeded: boolean; mailer: Mailer };

/** The start-up banner: where to open the product and, with demo data, how to sign in. */
export async function describeDemo({ config, database, port, seeded, mailer }: BannerInput): Promise<string> {
  const base = config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${port}`;
  const lines = [
    '',
    'Akwaaba POS is running.',
    `  Public site:      ${base}/`,
    `  API docs:         ${base}/api/docs`,
    `  Database:         ${database.driver === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${config.DATA_DIR}`}`,
  ];
  if (config.DEV_MAILBOX && !mailer.delivers)
    lines.push(`  Mailbox:          ${base}/dev/mailbox  (mail is kept here; set SMTP_URL to send it)`);
  const [demo] = await database.db
    .select({ slug: businesses.slug })
    .from(businesses)
    .where(eq(businesses.slug, 'demo'))
    .limit(1);
  if (demo && config.SEED_DEMO) {
    lines.push(
      '',
      seeded ? 'Demo data created:' : 'Demo data:',
      `  Demo Shop:        ${base}/app?business=demo`,
      `                    http://demo.localhost:${port}/app  (Chromium and Firefox resolve *.localhost)`,
    );
    for (const describe of DEMO_BANNER_LINES) lines.push(...describe(base).map((line) => `  ${line}`));
  }
  lines.push('');
  return lines.join('\n');
}
