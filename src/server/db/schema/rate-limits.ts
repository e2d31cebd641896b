import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Attempt counters (sign-in, PIN, password reset), shared by every server instance. See http/rate-limit.ts.
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_ends_at_idx').on(t.windowEndsAt)],
);
