import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfter, queryKeys } from './query-keys.ts';

// What a change refreshes: a screen showing data the change touched must never stay stale.

function clientWith(keys: readonly (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { seeded: true });
  return client;
}

const isStale = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

describe('invalidateAfter', () => {
  it('a payment settings change refreshes the payment settings and the audit log line it wrote', async () => {
    const settings = queryKeys.payments.all('kofi');
    const audit = queryKeys.auditLog.all('kofi');
    const otherShop = queryKeys.auditLog.all('ama');
    const client = clientWith([settings, audit, otherShop]);
    await invalidateAfter.paymentSettingsChange(client, 'kofi');
    expect(isStale(client, settings)).toBe(true);
    expect(isStale(client, audit)).toBe(true);
    expect(isStale(client, otherShop)).toBe(false);
  });
});
