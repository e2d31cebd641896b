import { describe, expect, it } from 'vitest';
import { appRoutes } from './router.tsx';

const pathsOf = (mode: Parameters<typeof appRoutes>[0]) => appRoutes(mode).map((route) => route.path);

describe('app routes by mode', () => {
  it('is the public site, with sign-up and the admin area, when the page names no business', () => {
    expect(pathsOf({ slug: null, isSingleBusiness: false })).toEqual([
      'pay/sandbox/:reference',
      'admin/*',
      'admin-allowed/*',
      'signup',
      '*',
    ]);
  });

  it("is only the shop's app when the page belongs to a business", () => {
    expect(pathsOf({ slug: 'demo', isSingleBusiness: false })).toEqual(['pay/sandbox/:reference', '*']);
  });

  // The sandbox's payment page opens on any address, signed in or not (a second phone scans its QR code).
  it('keeps the admin area but offers no public site or sign-up in single-shop mode', () => {
    expect(pathsOf({ slug: 'demo', isSingleBusiness: true })).toEqual([
      'pay/sandbox/:reference',
      'admin/*',
      'admin-allowed/*',
      '*',
    ]);
  });
});
