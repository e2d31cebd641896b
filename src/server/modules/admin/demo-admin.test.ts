import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDemo } from '../../demo/describe-demo.ts';
import { seedDemo } from '../../demo/seed-demo.ts';
import { cookiesFrom, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ADMIN } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  await seedDemo(t.database);
}, 120_000);
afterAll(() => t.close());

describe('demo admin', () => {
  it('signs in to the admin area as a super_admin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/sign-in',
      payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/v1/admin/me', headers: { cookie: cookiesFrom(response) } });
    expect(me.json().admin).toMatchObject({ email: 'admin@akwaaba.local', role: 'super_admin' });
  });

  it('is printed in the start-up banner with its sign-in address', async () => {
    const banner = await describeDemo({
      config: t.deps.config,
      database: t.database,
      port: 3000,
      seeded: true,
      mailer: t.deps.mailer,
    });
    expect(banner).toContain(
      'Admin area:       http://localhost:3000/admin/login  (admin@akwaaba.local / Admin@2026)',
    );
  });
});
