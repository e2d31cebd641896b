import { lt } from 'drizzle-orm';
import { accountTokens } from '../../db/schema/index.ts';
import { scheduleBackgroundJob } from '../../http/background-job.ts';
import { deleteExpiredRateLimits } from '../../http/rate-limit.ts';
import { deleteExpiredSessions } from '../../http/session-records.ts';
import type { App, AppDeps } from '../../http/types.ts';

const HOUR = 60 * 60_000;

/** Removes ended sessions, attempt counters past their window and expired tokens. */
export async function removeExpiredAccountRows(deps: AppDeps): Promise<void> {
  const now = deps.now();
  const db = deps.database.db;
  await deleteExpiredSessions(db, now);
  await deleteExpiredRateLimits(db, now);
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, now));
}

/** Runs the clean-up at start and hourly, so these tables do not grow without end. */
export function scheduleAccountHousekeeping(app: App, deps: AppDeps): void {
  scheduleBackgroundJob(app, {
    label: 'account clean-up',
    everyMs: HOUR,
    firstAfterMs: 0,
    run: () => removeExpiredAccountRows(deps),
  });
}
