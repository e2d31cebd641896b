import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from './db/schema/index.ts';
import { createBusiness } from './testing/factories.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_DOMAIN: 'posgh.com' });
  await createBusiness(t.database.db, { slug: 'demo', name: 'Demo Shop' });
  await createBusiness(t.database.db, { slug: 'closed-shop', name: 'Closed Shop', isActive: false });
});
afterAll(() => t.close());

describe('health and errors', () => {
  it('reports the database as up on /healthz', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers an unknown /api path with 404 in the error shape', async () => {
    const response = await t.app.inject({ url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'There is nothing at GET /api/v1/no-such-thing.' },
    });
  });

  it('turns malformed JSON into a 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/contact-requests',
      headers: { 'content-type': 'application/json' },
      payload: '{"business_name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('The request body is not valid JSON.');
  });

  it('serves the OpenAPI document and its docs page', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const document = await t.app.inject({ url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(document.json().paths).toHaveProperty('/api/v1/public/business-lookup');
  });
});

describe('tenancy', () => {
  it('finds the business from the subdomain of the product domain', async () => {
    const response = await t.app.inject({
      url: '/api/v1/public/business',
      headers: { host: 'demo.posgh.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().business).toMatchObject({
      slug: 'demo',
      name: 'Demo Shop',
      currency: 'GHS',
      timezone: 'Africa/Accra',
    });
  });

  it('finds it from X-Business or ?business= on localhost, and from slug.localhost', async () => {
    for (const request of [
      { url: '/api/v1/public/business', headers: { host: 'localhost:3000', 'x-business': 'demo' } },
      { url: '/api/v1/public/business?business=demo', headers: { host: '127.0.0.1:3000' } },
      { url: '/api/v1/public/business', headers: { host: 'demo.localhost:3000' } },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode, JSON.stringify(request)).toBe(200);
      expect(response.json().business.slug).toBe('demo');
    }
  });

  it('gives only public fields', async () => {
    const response = await t.app.inject({ url: '/api/v1/public/businesses/demo' });
    expect(Object.keys(response.json().business)).not.toContain('subscription_tier');
  });

  it('answers an unknown slug with the spec text', async () => {
    const response = await t.app.inject({
      url: '/api/v1/public/business',
      headers: { host: 'nope.posgh.com' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'BUSINESS_NOT_FOUND', message: 'Business with slug "nope" not found' },
    });
  });

  it('answers odd and over-long slugs with 404, never a crash', async () => {
    for (const slug of ['..%2F', '%C3%A7a', 'a'.repeat(500), '%00', 'DROP%20TABLE']) {
      const response = await t.app.inject({ url: `/api/v1/public/businesses/${slug}` });
      expect(response.statusCode, slug).toBe(404);
      expect(response.json().error.code, slug).toMatch(/NOT_FOUND/);
    }
    const viaHeader = await t.app.inject({
      url: '/api/v1/public/business',
      headers: { host: 'localhost', 'x-business': '../' },
    });
    expect(viaHeader.statusCode).toBe(404);
    expect(viaHeader.json().error.message).toBe('Business with slug "../" not found');
  });

  it('refuses a malformed Host header clearly', async () => {
    const response = await t.app.inject({ url: '/api/v1/public/business', headers: { host: 'demo shop!!' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'INVALID_HOST',
      message: 'The Host header of the request is not valid.',
    });
  });

  it('says when an address names no business', async () => {
    const response = await t.app.inject({
      url: '/api/v1/public/business',
      headers: { host: 'www.posgh.com' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('BUSINESS_REQUIRED');
  });
});

describe('business access lookup', () => {
  const lookup = (q: string) =>
    t.app.inject({ url: `/api/v1/public/business-lookup?q=${encodeURIComponent(q)}` });

  it('finds a business by slug or by name ignoring case and punctuation', async () => {
    for (const q of ['demo', ' DEMO ', 'Demo Shop!', 'demo-shop']) {
      const response = await lookup(q);
      expect(response.statusCode, q).toBe(200);
      expect(response.json()).toEqual({ business: { slug: 'demo', name: 'Demo Shop' } });
    }
  });

  it('fails with the spec text for unknown and inactive businesses', async () => {
    for (const q of ['', 'no such shop', 'closed-shop', '../../etc']) {
      const response = await lookup(q);
      expect(response.statusCode, q).toBe(404);
      expect(response.json().error.message).toBe(
        'Unable to access business. Please check the business name and try again.',
      );
    }
  });
});

describe('contact requests', () => {
  const post = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/public/contact-requests', payload, headers });
  const stored = async () => (await t.database.db.select({ n: count() }).from(contactRequests))[0]!.n;

  it('keeps a valid request for the admins', async () => {
    const before = await stored();
    const response = await post({
      business_name: 'Auntie Ama Provisions',
      contact_person: 'Ama Owusu',
      email: 'Ama@Example.com',
      phone: '+233 24 000 0000',
      message: 'We sell provisions in Madina.',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().contact_request.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stored()).toBe(before + 1);
  });

  it('names every missing field and stores nothing', async () => {
    const before = await stored();
    const response = await post({});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      business_name: 'Business name is required',
      contact_person: 'Contact person is required',
      email: 'Please enter a valid email address',
      phone: 'Phone is required',
    });
    expect(await stored()).toBe(before);
  });

  it('refuses 10 kB names, bad emails and wrong types', async () => {
    const response = await post({
      business_name: 'x'.repeat(10_000),
      contact_person: 42,
      email: 'not-an-email',
      phone: '<script>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      business_name: 'Business name is too long',
      contact_person: 'Contact person is required',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
    });
  });

  it('refuses a request sent from another site', async () => {
    const response = await post(
      { business_name: 'A', contact_person: 'B', email: 'a@b.co', phone: '0240000000' },
      { origin: 'https://evil.example', host: 'localhost:3000' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_SITE_REQUEST');
  });

  it('accepts one from the same origin', async () => {
    const response = await post(
      { business_name: 'A Shop', contact_person: 'Bea', email: 'a@b.co', phone: '0240000000' },
      { origin: 'http://localhost:3000', host: 'localhost:3000' },
    );
    expect(response.statusCode).toBe(201);
  });
});

describe('showcase', () => {
  it('lists the configured sample businesses that exist and are active', async () => {
    const response = await t.app.inject({ url: '/api/v1/public/showcase' });
    expect(response.json()).toEqual({
      businesses: [{ slug: 'demo', name: 'Demo Shop', business_type: null }],
    });
  });
});
