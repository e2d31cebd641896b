import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { ThemeProvider, useTheme } from './theme.tsx';

/** A controllable `prefers-color-scheme: dark` media query. */
function stubSystemTheme(prefersDark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return prefersDark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    change(next: boolean) {
      prefersDark = next;
      for (const listener of listeners) listener();
    },
  };
}

function ThemeProbe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <>
      <p>
        {theme}:{resolvedTheme}
      </p>
      <button type="button" onClick={() => setTheme('light')}>
        Light
      </button>
    </>
  );
}

const isDark = () => document.documentElement.classList.contains('dark');

beforeEach(() => {
  document.documentElement.classList.remove('dark');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('theme (platform §4)', () => {
  it('follows the device by default and reacts when the device changes', () => {
    const system = stubSystemTheme(false);
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('system:light')).toBeTruthy();
    expect(isDark()).toBe(false);

    act(() => system.change(true));

    expect(screen.getByText('system:dark')).toBeTruthy();
    expect(isDark()).toBe(true);
  });

  it('uses the stored choice over the device and stores a new one', () => {
    stubSystemTheme(false);
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText('dark:dark')).toBeTruthy();
    expect(isDark()).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Light' }));

    expect(isDark()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
  });
});
