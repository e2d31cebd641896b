import { describe, expect, it } from 'vitest';
import { buildBusinessUrl, isLocalHostname, parseHost, resolveBusinessSlug } from './tenancy.ts';

describe('parseHost', () => {
  it('splits host name and port and lower-cases the name', () => {
    expect(parseHost('Demo.PosGH.com:8080')).toEqual({ hostname: 'demo.posgh.com', port: '8080' });
    expect(parseHost('localhost')).toEqual({ hostname: 'localhost', port: '' });
    expect(parseHost('[::1]:3000')).toEqual({ hostname: '[::1]', port: '3000' });
  });
  it('refuses malformed hosts', () => {
    for (const host of [undefined, '', 'a b', 'demo.com:port', 'x'.repeat(300), 'demo.com/../', 'dé.com']) {
      expect(parseHost(host), String(host)).toBeNull();
    }
  });
});

describe('isLocalHostname', () => {
  it('knows localhost and IP addresses', () => {
    expect(isLocalHostname('localhost')).toBe(true);
    expect(isLocalHostname('127.0.0.1')).toBe(true);
    expect(isLocalHostname('192.168.1.20')).toBe(true);
    expect(isLocalHostname('[::1]')).toBe(true);
    expect(isLocalHostname('demo.localhost')).toBe(false);
    expect(isLocalHostname('posgh.com')).toBe(false);
  });
});

describe('resolveBusinessSlug', () => {
  const appDomain = 'posgh.com';
  it('takes the leading subdomain of the product domain', () => {
    expect(resolveBusinessSlug({ hostname: 'demo.posgh.com', appDomain })).toBe('demo');
    expect(resolveBusinessSlug({ hostname: 'Kofi-Mart.PosGH.com', appDomain })).toBe('kofi-mart');
  });
  it('treats www and app as the product itself', () => {
    expect(resolveBusinessSlug({ hostname: 'www.posgh.com', appDomain })).toBeNull();
    expect(resolveBusinessSlug({ hostname: 'app.posgh.com', appDomain })).toBeNull();
    expect(resolveBusinessSlug({ hostname: 'posgh.com', appDomain })).toBeNull();
  });
  it('ignores ?business= away from localhost', () => {
    expect(resolveBusinessSlug({ hostname: 'posgh.com', appDomain, businessParam: 'demo' })).toBeNull();
  });
  it('reads ?business= on localhost and IP addresses', () => {
    expect(resolveBusinessSlug({ hostname: 'localhost', appDomain, businessParam: 'Demo' })).toBe('demo');
    expect(resolveBusinessSlug({ hostname: '127.0.0.1', appDomain, businessParam: 'demo' })).toBe('demo');
    expect(resolveBusinessSlug({ hostname: 'localhost', appDomain })).toBeNull();
    expect(resolveBusinessSlug({ hostname: 'localhost', appDomain, businessParam: '  ' })).toBeNull();
  });
  it('accepts slug.localhost whatever the product domain', () => {
    expect(resolveBusinessSlug({ hostname: 'demo.localhost', appDomain })).toBe('demo');
    expect(resolveBusinessSlug({ hostname: 'demo.localhost', appDomain: 'localhost' })).toBe('demo');
  });
  it('gives null for a host of another domain', () => {
    expect(resolveBusinessSlug({ hostname: 'demo.example.org', appDomain })).toBeNull();
  });
});

describe('buildBusinessUrl', () => {
  it('uses the subdomain on the product domain, with /app by default', () => {
    expect(
      buildBusinessUrl('demo', { protocol: 'https:', hostname: 'posgh.com', port: '' }, 'posgh.com'),
    ).toBe('https://demo.posgh.com/app');
  });
  it('keeps the port and takes a path', () => {
    expect(
      buildBusinessUrl(
        'demo',
        { protocol: 'http:', hostname: 'localhost', port: '3000' },
        'localhost',
        '/app/dashboard',
      ),
    ).toBe('http://localhost:3000/app/dashboard?business=demo');
  });
  it('uses slug.localhost when the product domain is localhost but the page is on a subdomain', () => {
    expect(
      buildBusinessUrl('demo', { protocol: 'http:', hostname: 'other.localhost', port: '3000' }, 'localhost'),
    ).toBe('http://demo.localhost:3000/app');
  });
});
