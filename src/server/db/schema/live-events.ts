import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { businesses } from './platform.ts';

// Live events kept for replay after a reconnect (migration 0080); pruned after an hour.
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_events_replay_idx').on(t.businessId, t.scope, t.id),
    index('live_events_created_idx').on(t.createdAt),
  ],
);
