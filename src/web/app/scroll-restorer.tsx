import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { browserStorage, readStorage, STORAGE_KEYS, writeStorage } from '#web/lib/storage-keys.ts';

// Where each history entry was scrolled, by the router's key of that entry. Kept in sessionStorage on
// leaving the page, so a reload comes back to the same place, as the browser would do for a plain website.
const positions = new Map<string, number>(readPositions());

function readPositions(): [string, number][] {
  try {
    const saved = JSON.parse(readStorage(browserStorage('session'), STORAGE_KEYS.scrollPositions) ?? '[]');
    return Array.isArray(saved) ? saved : [];
  } catch {
    return [];
  }
}

function savePositions() {
  writeStorage(browserStorage('session'), STORAGE_KEYS.scrollPositions, JSON.stringify([...positions]));
}

/**
 * Scroll like a website: a new page opens at its top (or at its #anchor); Back, Forward and a reload return to
 * where that page was left. The app renders pages itself, so the browser's own restoration is turned off.
 */
export function ScrollRestorer() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', savePositions);
    return () => window.removeEventListener('pagehide', savePositions);
  }, []);

  // A layout effect, so the listener of the page being left is gone before the new page's height moves the
  // scroll position (scroll events fire at the next frame, after this commit).
  useLayoutEffect(() => {
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useLayoutEffect(() => {
    const saved = positions.get(key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigationType]);

  return null;
}
