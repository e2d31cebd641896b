import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '#web/lib/theme.tsx';
import { ThemeMenu } from './theme-menu.tsx';

// jsdom has no layout; the menu's positioning only needs the observer to exist.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderMenu() {
  render(
    <ThemeProvider>
      <ThemeMenu />
    </ThemeProvider>,
  );
  return screen.getByRole('button', { name: 'Change theme' });
}

describe('ThemeMenu (its menu loads on first use)', () => {
  it('shows its labelled button at once, saying it opens a menu', () => {
    const button = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the menu on the first click and changes the theme', async () => {
    fireEvent.click(renderMenu());
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens with the keyboard too (↓ on the focused button)', async () => {
    const button = renderMenu();
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(await screen.findByRole('menu')).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked')).toBe('true');
  });
});
