import { eq } from 'drizzle-orm';
import { addDays, localDay } from '#domain/dates.ts';
import { businesses } from '../../db/schema/index.ts';
import { withSystem, withTenant } from '../../db/tenant.ts';
import { scheduleBackgroundJob } from '../../http/background-job.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { fillRollups } from './rollups.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How far back days are kept rolled up: a year and the year before it, which a 12-month report is compared
 * with. Older periods are rolled up by the first report that asks for them.
 */
export const KEPT_DAYS = 2 * 366;

/**
 * Rolls up each active business's closed days that have none (fillRollups), one business at a time, so that
 * the first report of a long period reads pre-summed days instead of rolling up a year while the owner waits.
 * After the first pass only the day that has just closed is missing, which costs one day's rows.
 */
export async function keepRollupsReady(deps: Pick<AppDeps, 'database' | 'now'>): Promise<number> {
  const db = deps.database.db;
  const active = await withSystem(db, (tx) =>
    tx
      .select({ id: businesses.id, timezone: businesses.timezone, createdAt: businesses.createdAt })
      .from(businesses)
      .where(eq(businesses.isActive, true)),
  );
  for (const business of active) {
    const today = localDay(deps.now(), business.timezone);
    // A business has no days before it was made (an older sale sent from an offline till is read raw).
    const from = [addDays(today, -KEPT_DAYS), localDay(business.createdAt, business.timezone)].sort().at(-1)!;
    await withTenant(db, business.id, (tx) =>
      fillRollups(tx, { businessId: business.id, timezone: business.timezone, range: { from, to: today } }),
    );
  }
  return active.length;
}

/**
 * Runs the upkeep hourly, the first time a few minutes after start (not while the server is still coming up
 * and the tills reconnect). Every server does it; the fill lock makes a second pass over a business find
 * nothing left to do.
 */
export function scheduleRollupUpkeep(app: App, deps: AppDeps): void {
  scheduleBackgroundJob(app, {
    label: 'keeping report roll-ups ready',
    everyMs: HOUR,
    firstAfterMs: 5 * MINUTE,
    run: () => keepRollupsReady(deps),
  });
}
