import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessInvitations } from '../../db/schema/index.ts';
import { hashToken } from '../../http/session-token.ts';
import { adminCookie, createAdmin, createBusiness } from '../../testing/factories.ts';
import { startSmtpCapture } from '../../testing/smtp-capture.ts';
import { businessHeaders, createTestApp, type TestApp } from '../../testing/test-app.ts';

const INVITE_LINK = /https?:\/\/[^\s"<>]+\/app\/onboarding\?[^\s"<>]+/;

describe('Send Invite over SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let cookie: string;
  let adminId: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Akwaaba POS <no-reply@akwaaba.test>' });
    const admin = await createAdmin(t.database.db, { fullName: 'Kwame Boateng' });
    adminId = admin.id;
    cookie = await adminCookie(t.database.db, admin);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const invite = (businessId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/businesses/${businessId}/invitations`,
      headers: { cookie, host: 'localhost:5173' },
    });

  it('mails the contact an onboarding link for the business and records who sent it to whom', async () => {
    const shop = await createBusiness(t.database.db, {
      name: 'Makola Fabrics',
      slug: 'makola-fabrics',
      email: 'esi@makola.test',
      contactPerson: 'Esi Makola',
      isOnboarded: false,
    });
    const response = await invite(shop.id);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Invitation email sent successfully!');

    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(['esi@makola.test']);
    expect(mail.raw).toMatch(/^Subject: Your invitation to set up Makola Fabrics on Akwaaba POS/m);
    expect(mail.text).toContain('Hello Esi Makola,');
    const link = new URL(INVITE_LINK.exec(mail.text)![0]);
    // On localhost the business travels in ?business= (platform §2), on the port the admin used.
    expect(link.origin).toBe('http://localhost:5173');
    expect(link.pathname).toBe('/app/onboarding');
    expect(link.searchParams.get('business')).toBe('makola-fabrics');
    const token = link.searchParams.get('invite')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await t.database.db
      .select()
      .from(businessInvitations)
      .where(eq(businessInvitations.businessId, shop.id));
    expect(row).toMatchObject({
      sentByAdminId: adminId,
      sentTo: 'esi@makola.test',
      tokenHash: hashToken(token),
      usedAt: null,
      deliveryError: null,
    });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 86_400_000);
    expect(response.json().invitation).toEqual({
      id: row!.id,
      sent_to: 'esi@makola.test',
      sent_at: row!.createdAt.toISOString(),
      expires_at: row!.expiresAt.toISOString(),
    });

    // The link opens the wizard of that business.
    const start = await t.app.inject({
      url: `/api/v1/onboarding?invite=${token}`,
      headers: businessHeaders('makola-fabrics'),
    });
    expect(start.statusCode).toBe(200);
    expect(start.json().business.name).toBe('Makola Fabrics');

    // The dashboard shows the last invitation.
    const list = await t.app.inject({ url: '/api/v1/admin/businesses', headers: { cookie } });
    const listed = list.json().businesses.find((b: { id: string }) => b.id === shop.id);
    expect(listed.last_invitation).toEqual({
      sent_at: row!.createdAt.toISOString(),
      sent_to: 'esi@makola.test',
      sent_by: 'Kwame Boateng',
    });
  });

  it('refuses to invite a business that is onboarded already or inactive, and sends nothing', async () => {
    const onboarded = await createBusiness(t.database.db, { email: 'a@shop.test', isOnboarded: true });
    const inactive = await createBusiness(t.database.db, {
      email: 'b@shop.test',
      isOnboarded: false,
      isActive: false,
    });
    const sentBefore = smtp.mails.length;
    const first = await invite(onboarded.id);
    expect(first.statusCode).toBe(409);
    expect(first.json().error).toEqual({
      code: 'BUSINESS_ALREADY_ONBOARDED',
      message: 'Failed to send invitation: this business has already completed onboarding.',
    });
    const second = await invite(inactive.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'Failed to send invitation: activate the business before inviting its owner.',
    );
    expect(smtp.mails.length).toBe(sentBefore);
    const rows = await t.database.query<{ n: number }>(
      'select count(*)::int as n from business_invitations where business_id in ($1, $2)',
      [onboarded.id, inactive.id],
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('Send Invite on a real domain', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      APP_DOMAIN: 'posgh.com',
      PUBLIC_URL: 'https://posgh.com',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('links to the business subdomain: {slug}.{APP_DOMAIN}/app/onboarding', async () => {
    const shop = await createBusiness(t.database.db, {
      slug: 'osu-fresh',
      email: 'kofi@osu.test',
      isOnboarded: false,
    });
    const cookie = await adminCookie(t.database.db, await createAdmin(t.database.db));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/businesses/${shop.id}/invitations`,
      headers: { cookie, host: 'posgh.com' },
    });
    expect(response.statusCode).toBe(201);
    const link = new URL(INVITE_LINK.exec(smtp.mails[0]!.text)![0]);
    expect(`${link.origin}${link.pathname}`).toBe('https://osu-fresh.posgh.com/app/onboarding');
    expect(link.searchParams.get('business')).toBeNull();
  });
});

describe('Send Invite when the mail server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address() as { port: number };
        probe.close(() => resolve(address.port));
      });
    });
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(() => t.close());

  it('tells the admin "Failed to send invitation: {message}" and keeps the attempt on record', async () => {
    const shop = await createBusiness(t.database.db, { email: 'owner@down.test', isOnboarded: false });
    const cookie = await adminCookie(t.database.db, await createAdmin(t.database.db));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/businesses/${shop.id}/invitations`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('INVITATION_NOT_SENT');
    expect(response.json().error.message).toMatch(/^Failed to send invitation: .*ECONNREFUSED/);
    const [row] = await t.database.db
      .select()
      .from(businessInvitations)
      .where(eq(businessInvitations.businessId, shop.id));
    expect(row?.deliveryError).toMatch(/ECONNREFUSED/);
    expect(row?.sentTo).toBe('owner@down.test');
  });
});
