import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed-demo.ts';
import { businessHeaders, cookiesFrom, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_STAFF, describeDemoStaff } from './demo-staff.ts';

let t: TestApp;
let till: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database);
  // The README's demo path: the owner, signed in with the password, trusts this browser as a till once.
  const owner = DEMO_STAFF.find((person) => person.role === 'owner')!;
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    headers: businessHeaders('demo'),
    payload: { email: owner.email, password: owner.password },
  });
  const trusted = await t.app.inject({
    method: 'POST',
    url: '/api/v1/till-devices',
    headers: businessHeaders('demo', cookiesFrom(signIn)),
    payload: { name: 'Demo till' },
  });
  till = cookiesFrom(trusted);
}, 120_000);
afterAll(() => t.close());

describe('demo staff', () => {
  it.each(DEMO_STAFF)('$role signs in to the Demo Shop with password and with PIN', async (person) => {
    const byPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: businessHeaders('demo'),
      payload: { email: person.email, password: person.password },
    });
    expect(byPassword.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: businessHeaders('demo', cookiesFrom(byPassword)),
    });
    expect(me.json()).toMatchObject({ role: person.role, business: { slug: 'demo', name: 'Demo Shop' } });

    const byPin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/pin-sign-in',
      headers: businessHeaders('demo', till),
      payload: { pin: person.pin },
    });
    expect(byPin.statusCode).toBe(200);
    expect(byPin.json()).toMatchObject({ user_email: person.email, user_role: person.role });
  });

  it('are printed in the start-up banner', () => {
    const lines = describeDemoStaff('http://localhost:3000').join('\n');
    for (const person of DEMO_STAFF) {
      expect(lines).toContain(person.email);
      expect(lines).toContain(person.password);
      expect(lines).toContain(`PIN ${person.pin}`);
    }
  });
});
