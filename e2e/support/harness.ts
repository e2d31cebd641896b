import type { Browser, BrowserContext, BrowserContextOptions, Cookie, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Config } from '../../src/server/config.ts';
import { ADMIN_COOKIE, staffCookieName } from '../../src/server/http/session-cookies.ts';
import { DEMO_STAFF } from '../../src/server/modules/accounts/demo-staff.ts';
import { DEMO_ADMIN } from '../../src/server/modules/admin/demo.ts';
import { STORAGE_KEYS } from '../../src/web/lib/storage-keys.ts';
import { launchBrowser } from './browser.ts';
import { postgresServerUrl, type RunningServer, startServer } from './server.ts';

/** The shop every journey runs in: the demo data's first business. */
export const DEMO_SLUG = 'demo';

export type Role = 'owner' | 'manager' | 'cashier' | 'admin';
/** The two screens every page is checked on: a small phone and a desktop. */
export type Width = 360 | 1280;

export type PageOptions = {
  width?: Width;
  height?: number;
  colorScheme?: 'light' | 'dark';
  /** The interface version the browser has chosen (platform §3), set before the first page loads. */
  version?: 'v1' | 'v2';
  /** Runs on the new page before it first navigates: routes, listeners, permissions. */
  prepare?: (page: Page) => Promise<void> | void;
};

export type HarnessOptions = {
  /** Server settings for this file, e.g. { SINGLE_BUSINESS: 'demo' }. */
  server?: Partial<Record<keyof Config, string>>;
  /** Extra Chromium flags, read when the browser starts (e.g. a fake camera made in an earlier hook). */
  browserArgs?: () => string[];
  /** The server on PostgreSQL even in the embedded-database run (journeys with a second server process). */
  postgres?: boolean;
};

export type E2E = {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The server's address of a path: `url('/login')`. Absolute addresses are kept as they are. */
  url(path: string): string;
  /** A fresh browser context (own cookies and storage), closed after the test. */
  newContext(options?: PageOptions & BrowserContextOptions): Promise<BrowserContext>;
  /** A signed-out page at `path` in a fresh context. */
  open(path: string, options?: PageOptions): Promise<Page>;
  /**
   * A page at `path` signed in as the demo shop's owner, manager or cashier, or as the internal admin. The
   * first call for a role signs in through the real sign-in page; later calls in the file reuse its session
   * cookie. Business paths without `?business=` get the demo shop's.
   */
  openAs(role: Role, path: string, width: Width, options?: Omit<PageOptions, 'width'>): Promise<Page>;
  /**
   * A signed-out page at `path` in a fresh context that is a trusted till of the demo shop (PIN sign-in works
   * only there): the demo owner signed in with the password, trusted the browser, and signed out again.
   */
  openTill(path: string, options?: PageOptions): Promise<Page>;
};

/**
 * One server and one browser for a test file, with contexts closed after every test. Call it inside the
 * `describeE2E` body; the returned object's `server` and `browser` are ready in the tests.
 */
export function useE2E(options: HarnessOptions = {}): E2E {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const sessions = new Map<Role, Cookie>();

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer(options.server, options.postgres ? postgresServerUrl() : undefined),
      launchBrowser(options.browserArgs?.() ?? []),
    ]);
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await reportFailedPages(context.task.name, contexts);
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const running = () => {
    if (!server || !browser) throw new Error('useE2E: the server and browser start in beforeAll');
    return { server, browser };
  };

  const url = (path: string) => (/^https?:\/\//.test(path) ? path : `${running().server.url}${path}`);

  async function newContext(pageOptions: PageOptions & BrowserContextOptions = {}): Promise<BrowserContext> {
    const {
      width = 1280,
      height = 800,
      colorScheme = 'light',
      version,
      prepare: _prepare,
      ...rest
    } = pageOptions;
    const context = await running().browser.newContext({
      viewport: { width, height },
      colorScheme,
      ...rest,
    });
    contexts.push(context);
    if (version) {
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        STORAGE_KEYS.interfaceVersion,
        version,
      ] as const);
    }
    return context;
  }

  async function open(path: string, pageOptions: PageOptions = {}): Promise<Page> {
    const page = await (await newContext(pageOptions)).newPage();
    await pageOptions.prepare?.(page);
    await page.goto(url(path));
    return page;
  }

  /** Signs in through the page as a person would, in a context of its own, and keeps the session cookie. */
  async function signInThroughPage(role: Role, width: Width): Promise<Cookie> {
    const context = await newContext({ width });
    const page = await context.newPage();
    const cookieName = role === 'admin' ? ADMIN_COOKIE : staffCookieName(DEMO_SLUG);
    if (role === 'admin') {
      await page.goto(url('/admin/login'));
      const form = page.getByRole('form', { name: 'Admin sign-in' });
      await form.getByLabel('Email', { exact: true }).fill(DEMO_ADMIN.email);
      await form.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
      await form.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    } else {
      const person = DEMO_STAFF.find((staff) => staff.role === role);
      if (!person) throw new Error(`The demo shop has no ${role}`);
      await page.goto(url(`/app/auth?business=${DEMO_SLUG}`));
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('Email', { exact: true }).fill(person.email);
      await form.getByLabel('Password', { exact: true }).fill(person.password);
      await form.getByRole('button', { name: 'Sign In', exact: true }).click();
      // The shell's sidebar toggle shows only to a signed-in person, on a phone as on a desktop.
      await page.getByRole('button', { name: /^(Open|Close) sidebar$/ }).waitFor();
    }
    const cookie = (await context.cookies()).find((candidate) => candidate.name === cookieName);
    if (!cookie) throw new Error(`Signing in as ${role} through the page set no ${cookieName} cookie`);
    await context.close();
    contexts.splice(contexts.indexOf(context), 1);
    return cookie;
  }

  async function openAs(
    role: Role,
    path: string,
    width: Width,
    pageOptions: Omit<PageOptions, 'width'> = {},
  ): Promise<Page> {
    let cookie = sessions.get(role);
    if (!cookie) {
      cookie = await signInThroughPage(role, width);
      sessions.set(role, cookie);
    }
    const context = await newContext({ ...pageOptions, width });
    await context.addCookies([cookie]);
    const page = await context.newPage();
    await pageOptions.prepare?.(page);
    await page.goto(url(role === 'admin' ? path : withBusiness(path)));
    return page;
  }

  async function openTill(path: string, pageOptions: PageOptions = {}): Promise<Page> {
    const context = await newContext(pageOptions);
    const owner = DEMO_STAFF.find((staff) => staff.role === 'owner')!;
    const headers = { 'X-Business': DEMO_SLUG };
    const signIn = await context.request.post(url('/api/v1/auth/sign-in'), {
      headers,
      data: { email: owner.email, password: owner.password },
    });
    if (!signIn.ok()) throw new Error(`openTill: the owner could not sign in (${signIn.status()})`);
    const trusted = await context.request.post(url('/api/v1/till-devices'), {
      headers,
      data: { name: `Till ${contexts.length}` },
    });
    if (!trusted.ok()) throw new Error(`openTill: trusting the browser failed (${trusted.status()})`);
    await context.request.post(url('/api/v1/auth/sign-out'), { headers });
    const page = await context.newPage();
    await pageOptions.prepare?.(page);
    await page.goto(url(path));
    return page;
  }

  return {
    openTill,
    get server() {
      return running().server;
    },
    get browser() {
      return running().browser;
    },
    url,
    newContext,
    open,
    openAs,
  };
}

function withBusiness(path: string): string {
  if (!path.startsWith('/app') || /[?&]business=/.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}business=${DEMO_SLUG}`;
}

/**
 * Every console error and uncaught exception of a page from now on, as text; a journey that must stay clean
 * asserts the list is empty at its end.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/**
 * What every open page showed when a journey failed: its address and visible text on the test's output, and a
 * picture in e2e/screenshots/failed-*.png, so a failure on a machine nobody watches can still be read.
 */
async function reportFailedPages(testName: string, contexts: readonly BrowserContext[]): Promise<void> {
  const pages = contexts.flatMap((context) => context.pages());
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  for (const [index, page] of pages.entries()) {
    try {
      // biome-ignore lint/performance/useDomNodeTextContent: what a person saw, not the hidden text too.
      const text = await page.locator('body').innerText({ timeout: 2_000 });
      console.error(`[failed: ${testName}] page ${index + 1} at ${page.url()}:\n${text.slice(0, 2_000)}`);
      await page.screenshot({ path: `e2e/screenshots/failed-${slug}-${index + 1}.png`, timeout: 5_000 });
    } catch (error) {
      console.error(`[failed: ${testName}] page ${index + 1} could not be read: ${String(error)}`);
    }
  }
}
