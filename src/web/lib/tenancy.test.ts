import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './storage-keys.ts';
import {
  buildMainSiteUrl,
  forgetBusinessSlug,
  isPublicSitePath,
  readAppDomain,
  readSingleBusiness,
  resolvePageSlug,
  type TenancyContext,
} from './tenancy.ts';

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
  let tab: Storage;
  let browser: Storage;
  let context: TenancyContext;
  beforeEach(() => {
    tab = memoryStorage();
    browser = memoryStorage();
    context = { appDomain: 'localhost', singleBusiness: null, tabStorage: tab, browserStorage: browser };
  });
  const at = (url: string, hostname = 'localhost') => {
    const { pathname, search } = new URL(url, 'http://x');
    return resolvePageSlug({ hostname, pathname, search }, context);
  };

  it('takes the slug from ?business= on localhost and remembers it for the tab and the browser', () => {
    expect(at('/app?business=Demo')).toBe('demo');
    expect(tab.getItem(STORAGE_KEYS.businessSlug)).toBe('demo');
    expect(browser.getItem(STORAGE_KEYS.lastBusinessSlug)).toBe('demo');
  });

  it('uses the remembered slug once the SPA has dropped the parameter', () => {
    at('/app?business=demo', '127.0.0.1');
    expect(at('/app/pos', '127.0.0.1')).toBe('demo');
    expect(at('/reports', '127.0.0.1')).toBe('demo');
  });

  it('lets a new ?business= replace the remembered one', () => {
    at('/app?business=demo');
    expect(at('/?business=kofi')).toBe('kofi');
    expect(at('/app')).toBe('kofi');
    expect(browser.getItem(STORAGE_KEYS.lastBusinessSlug)).toBe('kofi');
  });

  it('always shows the public site at the bare root and its own pages, whatever is remembered', () => {
    at('/app?business=demo');
    for (const path of ['/', '/login', '/contact', '/signup', '/admin', '/admin-allowed/login', '/login/']) {
      expect(at(path), path).toBeNull();
    }
    // The tab still belongs to the business: going back into the app finds it.
    expect(at('/app/pos')).toBe('demo');
  });

  it('opens the business this browser last used in a new tab without ?business= (the customer display)', () => {
    browser.setItem(STORAGE_KEYS.lastBusinessSlug, 'demo');
    expect(at('/app/customer-display')).toBe('demo');
    // The tab adopts it: another tab opening a second business later does not move this one.
    expect(tab.getItem(STORAGE_KEYS.businessSlug)).toBe('demo');
    browser.setItem(STORAGE_KEYS.lastBusinessSlug, 'kofi');
    expect(at('/app/pos')).toBe('demo');
  });

  it("prefers the tab's own business to the browser's last one", () => {
    tab.setItem(STORAGE_KEYS.businessSlug, 'kofi');
    browser.setItem(STORAGE_KEYS.lastBusinessSlug, 'demo');
    expect(at('/app')).toBe('kofi');
  });

  it('is the public site on localhost when nothing is given or remembered', () => {
    expect(at('/')).toBeNull();
    expect(at('/app/pos')).toBeNull();
  });

  it('takes the slug from the subdomain on the product domain and ignores memory there', () => {
    context.appDomain = 'example.com';
    tab.setItem(STORAGE_KEYS.businessSlug, 'demo');
    browser.setItem(STORAGE_KEYS.lastBusinessSlug, 'demo');
    expect(at('/', 'kofi.example.com')).toBe('kofi');
    expect(at('/app?business=demo', 'example.com')).toBeNull();
    expect(at('/app', 'www.example.com')).toBeNull();
  });

  it('serves the one business at every address in single-shop mode', () => {
    context.singleBusiness = 'demo';
    expect(at('/')).toBe('demo');
    expect(at('/login', '192.168.1.20')).toBe('demo');
    expect(at('/app?business=kofi', '192.168.1.20')).toBe('demo');
    expect(at('/', 'kofi.example.com')).toBe('demo');
    // Nothing is remembered: a later normal start is not steered by it.
    expect(tab.length + browser.length).toBe(0);
  });

  it('still works when storage is unavailable', () => {
    context.tabStorage = undefined;
    context.browserStorage = undefined;
    expect(at('/app?business=demo')).toBe('demo');
    expect(at('/app')).toBeNull();
  });
});

describe('public site paths', () => {
  it('are the landing, access, contact, sign-up and admin pages; the business app is not', () => {
    expect(isPublicSitePath('/')).toBe(true);
    expect(isPublicSitePath('/admin-allowed')).toBe(true);
    expect(isPublicSitePath('/administrator')).toBe(false);
    expect(isPublicSitePath('/app')).toBe(false);
    expect(isPublicSitePath('/app/login')).toBe(false);
  });
});

describe('forgetting a business', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it("clears the tab's business and the browser's last one when they are the same", () => {
    sessionStorage.setItem(STORAGE_KEYS.businessSlug, 'gone');
    localStorage.setItem(STORAGE_KEYS.lastBusinessSlug, 'gone');
    forgetBusinessSlug();
    expect(sessionStorage.getItem(STORAGE_KEYS.businessSlug)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.lastBusinessSlug)).toBeNull();
  });

  it("keeps the browser's last business when it is another one", () => {
    sessionStorage.setItem(STORAGE_KEYS.businessSlug, 'gone');
    localStorage.setItem(STORAGE_KEYS.lastBusinessSlug, 'demo');
    forgetBusinessSlug();
    expect(localStorage.getItem(STORAGE_KEYS.lastBusinessSlug)).toBe('demo');
  });
});

describe('server settings from the page', () => {
  function docWithMeta(content: string | null, name = 'app-domain'): Document {
    const doc = document.implementation.createHTMLDocument('t');
    if (content !== null) {
      const meta = doc.createElement('meta');
      meta.setAttribute('name', name);
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

  it('reads the single business, and none from an empty or unreplaced tag', () => {
    expect(readSingleBusiness(docWithMeta('Demo', 'single-business'))).toBe('demo');
    expect(readSingleBusiness(docWithMeta('', 'single-business'))).toBeNull();
    expect(readSingleBusiness(docWithMeta('__SINGLE_BUSINESS__', 'single-business'))).toBeNull();
    expect(readSingleBusiness(docWithMeta(null, 'single-business'))).toBeNull();
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
