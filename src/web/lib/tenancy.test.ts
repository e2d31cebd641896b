import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './storage-keys.ts';
import { buildMainSiteUrl, readAppDomain, resolvePageSlug } from './tenancy.ts';

// A fresh in-memory Storage per test, so no test sees another's remembered slug.
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('business slug of the page', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
  });

  it('takes the slug from ?business= on localhost and remembers it for the tab', () => {
    expect(resolvePageSlug({ hostname: 'localhost', search: '?business=Demo' }, 'localhost', storage)).toBe(
      'demo',
    );
    expect(storage.getItem(STORAGE_KEYS.businessSlug)).toBe('demo');
  });

  it('uses the remembered slug once the SPA has dropped the parameter', () => {
    resolvePageSlug({ hostname: '127.0.0.1', search: '?business=demo' }, 'localhost', storage);
    expect(resolvePageSlug({ hostname: '127.0.0.1', search: '' }, 'localhost', storage)).toBe('demo');
  });

  it('lets a new ?business= replace the remembered one', () => {
    resolvePageSlug({ hostname: 'localhost', search: '?business=demo' }, 'localhost', storage);
    expect(resolvePageSlug({ hostname: 'localhost', search: '?business=kofi' }, 'localhost', storage)).toBe(
      'kofi',
    );
    expect(resolvePageSlug({ hostname: 'localhost', search: '' }, 'localhost', storage)).toBe('kofi');
  });

  it('is the public site on localhost when nothing is given or remembered', () => {
    expect(resolvePageSlug({ hostname: 'localhost', search: '' }, 'localhost', storage)).toBeNull();
  });

  it('takes the slug from the subdomain on the product domain and ignores memory there', () => {
    storage.setItem(STORAGE_KEYS.businessSlug, 'demo');
    expect(resolvePageSlug({ hostname: 'kofi.example.com', search: '' }, 'example.com', storage)).toBe(
      'kofi',
    );
    expect(
      resolvePageSlug({ hostname: 'example.com', search: '?business=demo' }, 'example.com', storage),
    ).toBeNull();
    expect(resolvePageSlug({ hostname: 'www.example.com', search: '' }, 'example.com', storage)).toBeNull();
  });

  it('still works when storage is unavailable', () => {
    expect(resolvePageSlug({ hostname: 'localhost', search: '?business=demo' }, 'localhost', undefined)).toBe(
      'demo',
    );
    expect(resolvePageSlug({ hostname: 'localhost', search: '' }, 'localhost', undefined)).toBeNull();
  });
});

describe('product domain from the page', () => {
  function docWithMeta(content: string | null): Document {
    const doc = document.implementation.createHTMLDocument('t');
    if (content !== null) {
      const meta = doc.createElement('meta');
      meta.setAttribute('name', 'app-domain');
      meta.setAttribute('content', content);
      doc.head.append(meta);
    }
    return doc;
  }

  it('reads the domain the server wrote into the meta tag', () => {
    expect(readAppDomain(docWithMeta('Example.COM'))).toBe('example.com');
  });

  it('treats an unreplaced placeholder or a missing tag as localhost', () => {
    expect(readAppDomain(docWithMeta('__APP_DOMAIN__'))).toBe('localhost');
    expect(readAppDomain(docWithMeta(null))).toBe('localhost');
  });
});

describe('main site address', () => {
  it('is this origin without ?business= on localhost and IPs', () => {
    expect(buildMainSiteUrl({ protocol: 'http:', hostname: '127.0.0.1', port: '5173' }, 'localhost')).toBe(
      'http://127.0.0.1:5173/',
    );
  });

  it('is the bare product domain with the same protocol and port elsewhere', () => {
    expect(
      buildMainSiteUrl({ protocol: 'https:', hostname: 'demo.example.com', port: '' }, 'example.com'),
    ).toBe('https://example.com/');
    expect(
      buildMainSiteUrl({ protocol: 'http:', hostname: 'demo.localhost', port: '3000' }, 'localhost'),
    ).toBe('http://localhost:3000/');
  });
});
