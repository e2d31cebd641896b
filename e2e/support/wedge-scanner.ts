import type { Page } from 'playwright-core';

/**
 * Scans `code` as a USB keyboard-wedge scanner does: its characters and Enter, each key stamped 5 ms after the
 * one before, wherever the focus is. The keys go through Chromium's input pipeline (DevTools protocol) with
 * those times as the hardware's, so the page sees a scanner's burst even when a busy machine delivers the keys
 * late — as a real scanner's keys keep their times while the page is busy. (Playwright's own typing stamps each
 * key when it is delivered, and waits for the page between keys.)
 */
export async function scanWithWedge(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    const keys = [...code].map((char) => ({ key: char, text: char }));
    keys.push({ key: 'Enter', text: '\r' });
    for (const [index, { key, text }] of keys.entries()) {
      const timestamp = start + index * 0.005;
      const isEnter = key === 'Enter';
      const named = isEnter ? { code: 'Enter', windowsVirtualKeyCode: 13 } : {};
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text, timestamp, ...named });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp, ...named });
    }
  } finally {
    await cdp.detach();
  }
}
