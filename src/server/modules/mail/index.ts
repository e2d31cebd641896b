import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export { escapeHtml, type MailContent, renderMail } from './render.ts';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is for: 'invitation', 'password_reset', 'employee_pin', 'receipt'… */
  kind: string;
  businessId?: string | null;
};

export type DeliveryResult = { ok: true; id: string } | { ok: false; id: string; error: string };

export type Mailer = {
  /** Whether mail really leaves (SMTP) or is only captured for the development mailbox. */
  readonly delivers: boolean;
  /** Writes the mail to the outbox (in the caller's transaction when given); delivery follows. */
  enqueue(mail: OutgoingMail, db?: Queryable): Promise<string>;
  /** Writes and tries to deliver at once, for flows that must tell the person whether it worked. */
  sendNow(mail: OutgoingMail): Promise<DeliveryResult>;
  /** Delivers what is due; the retry loop calls this, tests await it. */
  deliverDue(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
};

// Backoff between tries of a failed delivery; after the last the mail is marked failed (still kept).
const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];
const LOOP_INTERVAL_MS = 15_000;

type Logger = { error(obj: object, msg: string): void; info(obj: object, msg: string): void };

export function createMailer(
  config: Config,
  database: Database,
  log: Logger,
  now: () => Date = () => new Date(),
): Mailer {
  const transport: Transporter | null = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  const db = database.db;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function insert(mail: OutgoingMail, target: Queryable): Promise<string> {
    const [row] = await target
      .insert(mailOutbox)
      .values({
        businessId: mail.businessId ?? null,
        kind: mail.kind,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        status: transport ? 'pending' : 'captured',
      })
      .returning({ id: mailOutbox.id });
    return row!.id;
  }

  async function deliverOne(row: typeof mailOutbox.$inferSelect): Promise<DeliveryResult> {
    if (!transport) return { ok: true, id: row.id };
    try {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: now(), attempts: row.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      return { ok: true, id: row.id };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = RETRY_DELAYS_MS[row.attempts];
      await db
        .update(mailOutbox)
        .set({
          attempts: row.attempts + 1,
          lastError: message.slice(0, 1000),
          status: delay === undefined ? 'failed' : 'pending',
          nextAttemptAt: new Date(now().getTime() + (delay ?? 0)),
        })
        .where(eq(mailOutbox.id, row.id));
      log.error({ mailId: row.id, kind: row.kind, err: message }, 'mail delivery failed; it will be retried');
      return { ok: false, id: row.id, error: message };
    }
  }

  async function deliverDue(): Promise<void> {
    if (!transport) return;
    // Claim due rows by pushing their next attempt out, so a second server instance does not send them too.
    const due = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now())))
        .orderBy(mailOutbox.nextAttemptAt)
        .limit(20)
        .for('update', { skipLocked: true });
      if (rows.length > 0) {
        await tx
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`now() + interval '5 minutes'` })
          .where(
            inArray(
              mailOutbox.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows;
    });
    for (const row of due) await deliverOne(row);
  }

  return {
    delivers: transport !== null,
    async enqueue(mail, target = db) {
      const id = await insert(mail, target);
      // Delivery happens after the caller's transaction commits; the loop picks it up, a kick speeds it up.
      if (transport) setImmediate(() => void runLoopOnce());
      return id;
    },
    async sendNow(mail) {
      const id = await insert(mail, db);
      if (!transport) return { ok: true, id };
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      // Claim it so the loop leaves it alone while this delivery runs.
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now() + interval '5 minutes'` })
        .where(eq(mailOutbox.id, id));
      return deliverOne(row!);
    },
    async deliverDue() {
      await running;
      await runLoopOnce();
    },
    start() {
      if (!transport || timer) return;
      timer = setInterval(() => void runLoopOnce(), LOOP_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      transport?.close();
    },
  };

  function runLoopOnce(): Promise<void> {
    running ??= deliverDue()
      .catch((error) => log.error({ err: error }, 'mail loop failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }
}

export async function listMailbox(database: Database, limit = 50) {
  return database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
