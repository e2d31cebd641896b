import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { describeMail } from '../../demo/describe-demo.ts';
import {
  adminCookie,
  createAdmin,
  createBusiness,
  createUser,
  staffCookie,
} from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const RESET_MAIL = {
  to: 'owner@kofi-mart.test',
  subject: 'Reset your password',
  text: 'Open http://localhost:3000/app/reset-password?business=kofi#token=secret-reset-token',
  html: '<p>reset</p>',
  kind: 'password_reset',
};

describe('the development mailbox by default (DEV_MAILBOX=admins)', () => {
  let t: TestApp;
  let ownerCookie: string;
  let superAdminCookie: string;
  beforeAll(async () => {
    t = await createTestApp({ DEV_MAILBOX: 'admins' });
    await t.deps.mailer.enqueue(RESET_MAIL);
    const business = await createBusiness(t.database.db, { slug: 'kofi' });
    const owner = await createUser(t.database.db, business.id, { role: 'owner' });
    ownerCookie = await staffCookie(t.database.db, owner, 'kofi');
    superAdminCookie = await adminCookie(t.database.db, await createAdmin(t.database.db));
  });
  afterAll(() => t.close());

  const open = (options: { cookie?: string; remoteAddress?: string; headers?: Record<string, string> }) =>
    t.app.inject({
      url: '/dev/mailbox',
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    });

  it('is what an unconfigured server does', () => {
    expect(loadConfig({}).DEV_MAILBOX).toBe('admins');
    expect(loadConfig({ DEV_MAILBOX: 'false' }).DEV_MAILBOX).toBe('off');
    expect(loadConfig({ DEV_MAILBOX: 'true' }).DEV_MAILBOX).toBe('admins');
  });

  it('refuses an anonymous visitor on this machine', async () => {
    const response = await open({});
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('secret-reset-token');
  });

  it("refuses a shop owner (the mailbox holds every business's mail)", async () => {
    const response = await open({ cookie: ownerCookie, headers: { 'x-business': 'kofi' } });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('secret-reset-token');
  });

  it('refuses even a signed-in admin whose request comes from another machine', async () => {
    const response = await open({ cookie: superAdminCookie, remoteAddress: '192.168.1.23' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'MAILBOX_LOCAL_ONLY',
      message: 'The development mailbox can only be opened on the machine that runs the server.',
    });
  });

  it('refuses a request forwarded by a proxy on this machine when the proxy is not trusted', async () => {
    const response = await open({ cookie: superAdminCookie, headers: { 'x-forwarded-for': '192.168.1.23' } });
    expect(response.statusCode).toBe(404);
  });

  it('shows the mail to a signed-in internal admin on this machine', async () => {
    const response = await open({ cookie: superAdminCookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('Reset your password');
    expect(response.body).toContain('secret-reset-token');
  });

  it('is described in the start-up banner: mail is not sent, where the mailbox is and who may open it', () => {
    const banner = describeMail(t.deps.config, 3000, t.deps.mailer).join('\n');
    expect(banner).toContain('NOT sent: no SMTP_URL');
    expect(banner).toContain('Set SMTP_URL=smtp://user:pass@host:587 to send mail in production.');
    expect(banner).toContain(
      'Mailbox:          http://localhost:3000/dev/mailbox  (on this machine only, signed in as an internal admin)',
    );
    const onNetwork = describeMail({ ...t.deps.config, HOST: '0.0.0.0' }, 3000, t.deps.mailer).join('\n');
    expect(onNetwork).toContain('HOST=0.0.0.0: other machines reach the app, never the mailbox.');
  });

  it('shows it over IPv6 loopback too', async () => {
    const response = await open({ cookie: superAdminCookie, remoteAddress: '::1' });
    expect(response.statusCode).toBe(200);
  });
});

describe('the development mailbox open to this machine (DEV_MAILBOX=loopback)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEV_MAILBOX: 'loopback' });
    await t.deps.mailer.enqueue(RESET_MAIL);
  });
  afterAll(() => t.close());

  it('shows the mail to anyone on this machine', async () => {
    const response = await t.app.inject({ url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('secret-reset-token');
  });

  it('refuses anyone on another machine', async () => {
    const response = await t.app.inject({ url: '/dev/mailbox', remoteAddress: '10.0.0.7' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret-reset-token');
  });
});

describe('the development mailbox behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEV_MAILBOX: 'loopback', TRUST_PROXY: 'true' });
    await t.deps.mailer.enqueue(RESET_MAIL);
  });
  afterAll(() => t.close());

  it('judges the forwarded client address, not the proxy', async () => {
    const response = await t.app.inject({
      url: '/dev/mailbox',
      headers: { 'x-forwarded-for': '41.66.200.10' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the development mailbox when mail is sent (SMTP_URL) or it is off', () => {
  it('is not served at all with DEV_MAILBOX=off', async () => {
    const t = await createTestApp({ DEV_MAILBOX: 'off' });
    try {
      const response = await t.app.inject({ url: '/dev/mailbox' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Development mailbox');
    } finally {
      await t.close();
    }
  });
});
