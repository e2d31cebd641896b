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
  lines.push(...describeMail(config, port, mailer));
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

/** How mail reaches people, and where the development mailbox is and who may open it. */
export function describeMail(config: Config, port: number, mailer: Mailer): string[] {
  if (mailer.delivers) return ['  Mail:             sent over SMTP (SMTP_URL)'];
  const lines = [
    '  Mail:             NOT sent: no SMTP_URL, so nobody receives resets, invitations or receipts.',
  ];
  lines.push('                    Set SMTP_URL=smtp://user:pass@host:587 to send mail in production.');
  if (config.DEV_MAILBOX === 'off') {
    lines.push('                    It is kept in the database only (DEV_MAILBOX=off).');
    return lines;
  }
  // The mailbox answers only requests from this machine, so its address is always localhost.
  const who =
    config.DEV_MAILBOX === 'admins'
      ? 'on this machine only, signed in as an internal admin'
      : 'on this machine only, anyone (DEV_MAILBOX=loopback)';
  lines.push(`  Mailbox:          http://localhost:${port}/dev/mailbox  (${who})`);
  if (!['127.0.0.1', 'localhost', '::1'].includes(config.HOST)) {
    lines.push(`                    HOST=${config.HOST}: other machines reach the app, never the mailbox.`);
  }
  return lines;
}
