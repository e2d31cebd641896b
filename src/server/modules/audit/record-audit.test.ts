import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenant.ts';
import { createBusiness, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { recordAudit } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The database's own refusal (drizzle wraps it as the cause of its "Failed query").
const PERMISSION_DENIED = {
  cause: expect.objectContaining({ message: expect.stringMatching(/permission denied/) }),
};

async function shopWithPeople() {
  const shop = await createBusiness(t.database.db);
  const cashier = await createUser(t.database.db, shop.id, {
    role: 'cashier',
    firstName: 'Ama',
    lastName: 'Owusu',
  });
  const manager = await createUser(t.database.db, shop.id, {
    role: 'manager',
    firstName: 'Kojo',
    lastName: 'Mensah',
  });
  const actor = { userId: cashier.id, firstName: 'Ama', lastName: 'Owusu' };
  return { shop, cashier, manager, actor };
}

describe('the audit log', () => {
  it('records who, what, before and after, the reason and the approver, inside the caller’s transaction', async () => {
    const { shop, manager, actor } = await shopWithPeople();
    await withTenant(t.database.db, shop.id, (tx) =>
      recordAudit(
        tx,
        { businessId: shop.id, actor },
        {
          action: 'discount_above_limit',
          subject: { type: 'sale', id: '00000000-0000-4000-8000-000000000001' },
          summary: 'Gave 25 % off Milo 400g Tin',
          before: { discount_percent: 0 },
          after: { discount_percent: 25 },
          reason: '  Dented tin ',
          approver: { userId: manager.id, firstName: 'Kojo', lastName: 'Mensah' },
        },
      ),
    );
    const rows = await withTenant(t.database.db, shop.id, (tx) => tx.select().from(auditLog));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'discount_above_limit',
      subjectType: 'sale',
      actorName: 'Ama Owusu',
      approverId: manager.id,
      approverName: 'Kojo Mensah',
      before: { discount_percent: 0 },
      after: { discount_percent: 25 },
      reason: 'Dented tin',
    });
  });

  it('keeps no line when the change it describes is rolled back', async () => {
    const { shop, actor } = await shopWithPeople();
    await expect(
      withTenant(t.database.db, shop.id, async (tx) => {
        await recordAudit(
          tx,
          { businessId: shop.id, actor },
          {
            action: 'stock_adjusted',
            subject: { type: 'product' },
            summary: 'Set stock to 3',
          },
        );
        throw new Error('the adjustment failed');
      }),
    ).rejects.toThrow('the adjustment failed');
    expect(await withTenant(t.database.db, shop.id, (tx) => tx.select().from(auditLog))).toEqual([]);
  });

  it('is append-only and per business: the tenant may neither change nor delete a line, nor read another shop’s', async () => {
    const { shop, actor } = await shopWithPeople();
    const { shop: other } = await shopWithPeople();
    await withTenant(t.database.db, shop.id, (tx) =>
      recordAudit(
        tx,
        { businessId: shop.id, actor },
        {
          action: 'price_changed',
          subject: { type: 'product' },
          summary: 'Price ₵5.00 → ₵6.00',
        },
      ),
    );
    await expect(
      withTenant(t.database.db, shop.id, (tx) => tx.execute(sql`update audit_log set summary = 'nothing'`)),
    ).rejects.toMatchObject(PERMISSION_DENIED);
    await expect(
      withTenant(t.database.db, shop.id, (tx) => tx.execute(sql`delete from audit_log`)),
    ).rejects.toMatchObject(PERMISSION_DENIED);
    expect(await withTenant(t.database.db, other.id, (tx) => tx.select().from(auditLog))).toEqual([]);
    expect(await withTenant(t.database.db, shop.id, (tx) => tx.select().from(auditLog))).toHaveLength(1);
  });
});
