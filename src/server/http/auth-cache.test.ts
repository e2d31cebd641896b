import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { createMailer } from '../modules/mail/index.ts';
import { signedInShop } from '../testing/signed-in-shop.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { App } from './types.ts';

let t: TestApp;
/** A second server on the same database, as behind a load balancer. */
let other: App;
beforeAll(async () => {
  t = await createTestApp();
  const mailer = createMailer(t.deps.config, t.database, { error() {}, info() {} });
  other = await buildApp({ ...t.deps, authCache: undefined, mailer });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const me = (app: App, headers: Record<string, string>) => app.inject({ url: '/api/v1/me', headers });

/** Changes rows without firing triggers, as if a change were never announced. */
async function changeQuietly(statement: string) {
  await t.database.execScript(`BEGIN; SET LOCAL session_replication_role = replica; ${statement}; COMMIT;`);
}

describe('the session and business cache', () => {
  it('serves a signed-in person from memory: an unannounced change is not seen', async () => {
    const { headers, userId } = await signedInShop(t, 'cashier');
    expect((await me(t.app, headers)).json().user.role).toBe('cashier');
    await changeQuietly(`UPDATE users SET role = 'manager' WHERE id = '${userId}'`);
    // Still the held copy: the database was not read again.
    expect((await me(t.app, headers)).json().user.role).toBe('cashier');
  });

  it('drops a person the moment a change is announced, on every server', async () => {
    const { headers, userId } = await signedInShop(t, 'cashier');
    expect((await me(t.app, headers)).statusCode).toBe(200);
    expect((await me(other, headers)).statusCode).toBe(200);
    // A role change made elsewhere (another server, an admin's SQL): the trigger announces it.
    await t.database.query(`UPDATE users SET role = 'manager' WHERE id = $1`, [userId]);
    await vi.waitFor(async () => expect((await me(t.app, headers)).json().user.role).toBe('manager'), {
      timeout: 2000,
    });
    await vi.waitFor(async () => expect((await me(other, headers)).json().user.role).toBe('manager'), {
      timeout: 2000,
    });
    await t.database.query('UPDATE users SET is_active = false WHERE id = $1', [userId]);
    // Each server hears the announcement on its own listening connection, in no set order between them.
    for (const server of [other, t.app]) {
      await vi.waitFor(async () => expect((await me(server, headers)).statusCode).toBe(401), {
        timeout: 2000,
      });
    }
  });

  it('ends a session at once on sign-out: the very next request is refused, here and elsewhere', async () => {
    for (let i = 0; i < 5; i++) {
      const { headers } = await signedInShop(t, 'cashier');
      expect((await me(t.app, headers)).statusCode).toBe(200);
      expect((await me(other, headers)).statusCode).toBe(200);
      const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers });
      expect(out.statusCode).toBeLessThan(300);
      expect((await me(t.app, headers)).statusCode).toBe(401);
      await vi.waitFor(async () => expect((await me(other, headers)).statusCode).toBe(401), {
        timeout: 2000,
      });
    }
  });

  it('refuses the staff of a business switched off elsewhere', async () => {
    const { headers, businessId } = await signedInShop(t, 'owner');
    expect((await me(t.app, headers)).statusCode).toBe(200);
    await t.database.query('UPDATE businesses SET is_active = false WHERE id = $1', [businessId]);
    await vi.waitFor(async () => expect((await me(t.app, headers)).statusCode).toBe(403), { timeout: 2000 });
  });
});
