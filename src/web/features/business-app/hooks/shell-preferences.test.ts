import { describe, expect, it } from 'vitest';
import { shortcutFor } from './use-shell-shortcuts.ts';
import { parseSidebarOpen } from './use-sidebar.ts';

const key = (
  key: string,
  modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

describe('shell shortcuts', () => {
  it('F11 toggles full screen; Ctrl or Cmd plus B toggles the sidebar', () => {
    expect(shortcutFor(key('F11'))).toBe('toggleFullscreen');
    expect(shortcutFor(key('b', { ctrlKey: true }))).toBe('toggleSidebar');
    expect(shortcutFor(key('B', { metaKey: true }))).toBe('toggleSidebar');
  });

  it('leaves other keys alone', () => {
    expect(shortcutFor(key('b'))).toBeNull();
    expect(shortcutFor(key('b', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(shortcutFor(key('F5'))).toBeNull();
  });
});

describe('sidebar open state', () => {
  it('is open unless it was closed', () => {
    expect(parseSidebarOpen(null)).toBe(true);
    expect(parseSidebarOpen('true')).toBe(true);
    expect(parseSidebarOpen('false')).toBe(false);
    expect(parseSidebarOpen('garbage')).toBe(true);
  });
});
