import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema/index.ts';
import {
  expectError,
  type SignedInMember,
  signedInMember,
  signedInShop,
} from '../../testing/signed-in-shop.ts';
import { startSmtpCapture } from '../../testing/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { hashPin, loadPinSecret } from '../accounts/index.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let owner: SignedInMember;
let manager: SignedInMember;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Akwaaba POS <no-reply@akwaaba.test>' });
  owner = await signedInShop(t, 'owner', {
    business: { slug: 'staff-shop', name: 'Staff Shop' },
    user: { firstName: 'Abena', lastName: 'Owusu' },
  });
  manager = await signedInMember(t, owner.business, 'manager');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const create = (payload: Record<string, unknown>, headers = owner.headers) =>
  t.app.inject({ method: 'POST', url: '/api/v1/employees', headers, payload });
const act = (method: 'POST' | 'PATCH' | 'DELETE', path: string, headers = owner.headers, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/employees/${path}`, headers, ...(payload ? { payload } : {}) });
const list = async (headers = owner.headers) =>
  (await t.app.inject({ url: '/api/v1/employees', headers })).json();

let counter = 0;
const person = (extra: Record<string, unknown> = {}) => ({
  email: `person${++counter}@staff.test`,
  first_name: 'Kojo',
  last_name: `Mensah${counter}`,
  ...extra,
});

describe('create employee', () => {
  it('makes a pending cashier with a unique six-digit first-login PIN and mails it over SMTP', async () => {
    const response = await create({ ...person(), email: 'Yaw.Boateng@Staff.test', first_name: 'Yaw' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.generated_pin).toMatch(/^\d{6}$/);
    expect(body).toMatchObject({ email_sent: true, email_error: null });
    expect(body.employee).toMatchObject({
      email: 'yaw.boateng@staff.test',
      role: 'cashier',
      is_active: true,
      is_first_login: true,
      pin_status: 'active',
    });
    const lasts = new Date(body.pin_expires_at).getTime() - t.deps.now().getTime();
    expect(lasts).toBeGreaterThan(71 * 3_600_000);

    const mail = smtp.mails.find((m) => m.to.includes('yaw.boateng@staff.test'))!;
    expect(mail.raw).toMatch(/^Subject: Your PIN for Staff Shop/m);
    expect(mail.text).toContain(body.generated_pin);
    expect(mail.text).toContain('Hello Yaw,');

    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.employee.id));
    const secret = await loadPinSecret(t.database, t.deps.config.PIN_SECRET);
    expect(row!.pinHash).toBe(hashPin(secret, owner.businessId, body.generated_pin));
    expect(JSON.stringify(row)).not.toContain(body.generated_pin);

    const { active, pending } = await list();
    expect(pending.map((p: { id: string }) => p.id)).toContain(body.employee.id);
    expect(active.map((p: { id: string }) => p.id)).not.toContain(body.employee.id);

    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, body.employee.id), eq(auditLog.action, 'employee_created')));
    expect(line).toMatchObject({ actorName: 'Abena Owusu', businessId: owner.businessId });
  });

  it('refuses a duplicate email in the business (any case), changing nothing', async () => {
    await create(person({ email: 'dup@staff.test' }));
    const response = await create(person({ email: 'DUP@staff.test' }));
    const error = expectError(
      response,
      409,
      'EMPLOYEE_EMAIL_TAKEN',
      'dup@staff.test already has an account in this business',
    );
    expect(error.fields?.email).toBeDefined();
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'dup@staff.test'));
    expect(rows).toHaveLength(1);
  });

  it('lets the same email work in another business', async () => {
    const other = await signedInShop(t, 'owner', { business: { slug: 'staff-other' } });
    expect((await create(person({ email: 'shared@staff.test' }))).statusCode).toBe(201);
    expect((await create(person({ email: 'shared@staff.test' }), other.headers)).statusCode).toBe(201);
  });

  it('reads missing or bad fields as clear messages', async () => {
    const response = await create({ email: 'not-an-email', first_name: ' ', last_name: '' });
    const error = expectError(response, 400, 'VALIDATION_FAILED');
    expect(error.fields).toMatchObject({
      email: 'Please enter a valid email address',
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
    expectError(await create(person({ role: 'admin' })), 400, 'VALIDATION_FAILED');
  });

  it('lets a manager add cashiers and managers but never an owner', async () => {
    expect((await create(person({ role: 'manager' }), manager.headers)).statusCode).toBe(201);
    const before = (await list()).pending.length;
    expectError(
      await create(person({ role: 'owner' }), manager.headers),
      403,
      'EMPLOYEE_OWNER_ONLY',
      'Only an owner can make someone an owner.',
    );
    expect((await list()).pending.length).toBe(before);
  });

  it('refuses cashiers the whole employee API', async () => {
    const cashier = await signedInMember(t, owner.business, 'cashier');
    expectError(await t.app.inject({ url: '/api/v1/employees', headers: cashier.headers }), 403, 'FORBIDDEN');
    expectError(await create(person(), cashier.headers), 403, 'FORBIDDEN');
    expectError(await act('POST', `${manager.userId}/deactivate`, cashier.headers), 403, 'FORBIDDEN');
  });
});

describe('when the mail cannot leave', () => {
  it('does not claim a mail was sent when no mail server is set up', async () => {
    const local = await createTestApp();
    try {
      const shop = await signedInShop(local, 'owner');
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/v1/employees',
        headers: shop.headers,
        payload: person(),
      });
      expect(response.json()).toMatchObject({
        email_sent: false,
        email_error:
          'Email service error: no mail server is set up (SMTP_URL); the mail is in the development mailbox',
      });
    } finally {
      await local.close();
    }
  });

  it('still generates the PIN and says the mail failed', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'x@akwaaba.test' });
    try {
      const shop = await signedInShop(broken, 'owner');
      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/v1/employees',
        headers: shop.headers,
        payload: person(),
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.generated_pin).toMatch(/^\d{6}$/);
      expect(body.email_sent).toBe(false);
      expect(body.email_error).toMatch(/^Email service error: /);
    } finally {
      await broken.close();
    }
  });
});

describe('row actions', () => {
  it('regenerates a PIN: the old one stops working and the new one is mailed', async () => {
    const made = (await create(person())).json();
    const response = await act('POST', `${made.employee.id}/pin`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.generated_pin).toMatch(/^\d{6}$/);
    expect(body.employee.is_first_login).toBe(true);
    const secret = await loadPinSecret(t.database, t.deps.config.PIN_SECRET);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, made.employee.id));
    expect(row!.pinHash).toBe(hashPin(secret, owner.businessId, body.generated_pin));
    expect(smtp.mails.some((m) => m.text.includes(body.generated_pin))).toBe(true);
  });

  it('deactivates an employee and ends their sessions at once; reactivates them', async () => {
    const cashier = await signedInMember(t, owner.business, 'cashier');
    const response = await act('POST', `${cashier.userId}/deactivate`);
    expect(response.statusCode).toBe(200);
    expect(response.json().employee.is_active).toBe(false);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, cashier.userId)),
    ).toHaveLength(0);
    const me = await t.app.inject({ url: '/api/v1/me', headers: cashier.headers });
    expect(me.statusCode).toBe(401);

    const back = await act('POST', `${cashier.userId}/reactivate`);
    expect(back.json().employee.is_active).toBe(true);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectId, cashier.userId));
    expect(actions.map((a) => a.action)).toEqual(['employee_deactivated', 'employee_reactivated']);
  });

  it('never deactivates, removes or re-roles yourself', async () => {
    expectError(
      await act('POST', `${manager.userId}/deactivate`, manager.headers),
      409,
      'EMPLOYEE_NOT_YOURSELF',
      'You cannot deactivate your own account.',
    );
    expectError(
      await act('PATCH', `${manager.userId}/role`, manager.headers, { role: 'cashier' }),
      409,
      'EMPLOYEE_NOT_YOURSELF',
    );
    expectError(await act('DELETE', owner.userId), 409, 'EMPLOYEE_NOT_YOURSELF');
  });

  it('never deactivates or demotes the last active owner', async () => {
    const shop = await signedInShop(t, 'owner');
    const second = await signedInMember(t, shop.business, 'owner');
    // Abena's colleague may deactivate her while another owner remains…
    expect((await act('POST', `${shop.userId}/deactivate`, second.headers)).statusCode).toBe(200);
    // …after which the second owner is the last one; a new owner still pending does not count.
    const third = await signedInMember(t, shop.business, 'owner', { isFirstLogin: true });
    expectError(
      await act('PATCH', `${second.userId}/role`, third.headers, { role: 'manager' }),
      409,
      'EMPLOYEE_LAST_OWNER',
      'You cannot change the role of the last active owner. Make another employee an owner first.',
    );
    expectError(await act('POST', `${second.userId}/deactivate`, third.headers), 409, 'EMPLOYEE_LAST_OWNER');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, second.userId));
    expect(row).toMatchObject({ isActive: true, role: 'owner' });
  });

  it('keeps an owner when two owners deactivate each other at the same moment', async () => {
    const shop = await signedInShop(t, 'owner');
    const other = await signedInMember(t, shop.business, 'owner');
    const [first, second] = await Promise.all([
      act('POST', `${other.userId}/deactivate`, shop.headers),
      act('POST', `${shop.userId}/deactivate`, other.headers),
    ]);
    // The later one is refused: the last owner (409), or already signed out by the first (401).
    expect([first.statusCode, second.statusCode].filter((status) => status === 200)).toHaveLength(1);
    const owners = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.businessId, shop.businessId), eq(users.isActive, true)));
    expect(owners).toHaveLength(1);
  });

  it('lets a manager neither promote to owner nor touch an owner', async () => {
    const cashier = await signedInMember(t, owner.business, 'cashier');
    expectError(
      await act('PATCH', `${cashier.userId}/role`, manager.headers, { role: 'owner' }),
      403,
      'EMPLOYEE_OWNER_ONLY',
    );
    expectError(await act('POST', `${owner.userId}/deactivate`, manager.headers), 403, 'EMPLOYEE_OWNER_ONLY');
    expectError(await act('POST', `${owner.userId}/pin`, manager.headers), 403, 'EMPLOYEE_OWNER_ONLY');
    const promoted = await act('PATCH', `${cashier.userId}/role`, manager.headers, { role: 'manager' });
    expect(promoted.json().employee.role).toBe('manager');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, cashier.userId));
    expect(row!.permissions).toContain('manage_users');
  });

  it('removes a pending employee outright, but not one who has signed in', async () => {
    const made = (await create(person())).json();
    const response = await act('DELETE', made.employee.id);
    expect(response.statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, made.employee.id))).toHaveLength(0);
    const active = await signedInMember(t, owner.business, 'cashier');
    expectError(await act('DELETE', active.userId), 409, 'EMPLOYEE_NOT_PENDING');
  });

  it("answers another business's employee as not found, changing nothing", async () => {
    const other = await signedInShop(t, 'owner');
    const stranger = await signedInMember(t, other.business, 'cashier');
    for (const [method, path, payload] of [
      ['POST', `${stranger.userId}/deactivate`],
      ['POST', `${stranger.userId}/reactivate`],
      ['POST', `${stranger.userId}/pin`],
      ['PATCH', `${stranger.userId}/role`, { role: 'manager' }],
      ['DELETE', stranger.userId],
    ] as const) {
      expectError(
        await act(method, path, owner.headers, payload),
        404,
        'EMPLOYEE_NOT_FOUND',
        'Employee not found',
      );
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, stranger.userId));
    expect(row).toMatchObject({ isActive: true, role: 'cashier', pinHash: null });
    const me = await t.app.inject({ url: '/api/v1/me', headers: stranger.headers });
    expect(me.statusCode).toBe(200);
  });
});

describe('PIN expiry', () => {
  it('shows an issued PIN as expired after its expiry', async () => {
    const made = (await create(person())).json();
    await t.database.db
      .update(users)
      .set({ pinExpiresAt: new Date(t.deps.now().getTime() - 1000) })
      .where(eq(users.id, made.employee.id));
    const pending = (await list()).pending.find((p: { id: string }) => p.id === made.employee.id);
    expect(pending.pin_status).toBe('expired');
  });
});
