import { existsSync, mkdirSync } from 'node:fs';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { describe } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasBrowser = existsSync(CHROMIUM_PATH);

/** Headless Debian Chromium; flags keep it from reaching out to the network. `extraArgs` add to them. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

/**
 * A describe block for browser journeys: skipped with a loud message when no Chromium is installed, and a
 * failure instead when REQUIRE_E2E=1 (CI), so a missing browser can never pass silently there.
 */
export function describeE2E(name: string, body: () => void): void {
  if (hasBrowser) {
    describe(name, body);
    return;
  }
  if (process.env.REQUIRE_E2E === '1') {
    describe(name, () => {
      throw new Error(`REQUIRE_E2E=1 but no browser at ${CHROMIUM_PATH}: install Debian's chromium package.`);
    });
    return;
  }
  console.warn(
    `\n!!! SKIPPING browser tests "${name}": no Chromium at ${CHROMIUM_PATH} (apt-get install chromium) !!!\n`,
  );
  describe.skip(name, body);
}

/** Saves a screenshot of the whole page under e2e/screenshots/ (not committed) to be looked at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await save(page, name, true);
}

/**
 * The same of what the screen shows (the viewport): what a person sees before scrolling, and a dialog drawn over
 * the window rather than over the whole page.
 */
export async function viewShot(page: Page, name: string): Promise<void> {
  await save(page, name, false);
}

async function save(page: Page, name: string, fullPage: boolean): Promise<void> {
  mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage });
}

/**
 * Waits for the animations in and under `locator` to end, so a screenshot is not half-drawn. An animation
 * that is cancelled (a tab switched or a sheet closed mid-way) has ended too: its rejected `finished` counts.
 */
export async function settled(locator: Locator): Promise<void> {
  await locator.evaluate((element) =>
    Promise.all(
      element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
