import { describe, expect, it } from 'vitest';
import { documentMetaFor, isAdminPath } from './document-meta.ts';

describe('page titles and robots (platform §2)', () => {
  it('titles the business app and keeps it out of search engines', () => {
    expect(documentMetaFor('/app')).toEqual({ title: 'Business Dashboard', isNoIndex: true });
    expect(documentMetaFor('/app/pos')).toEqual({ title: 'Business Dashboard', isNoIndex: true });
  });

  it('titles the admin area, under both spellings, and keeps it out of search engines', () => {
    expect(documentMetaFor('/admin/login')).toEqual({ title: 'Admin Dashboard', isNoIndex: true });
    expect(documentMetaFor('/admin-allowed')).toEqual({ title: 'Admin Dashboard', isNoIndex: true });
  });

  it('gives public pages the product title and lets them be indexed', () => {
    for (const path of ['/', '/contact', '/login', '/application', '/administrator']) {
      expect(documentMetaFor(path)).toEqual({
        title: 'Akwaaba POS — Point of Sale for Ghanaian Shops',
        isNoIndex: false,
      });
    }
  });

  it('treats only whole /admin segments as the admin area', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/')).toBe(true);
    expect(isAdminPath('/admin-allowed/login')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isAdminPath('/app/admin')).toBe(false);
  });
});
