import { useEffect, useRef } from 'react';

export type ShellShortcuts = { toggleFullscreen: () => void; toggleSidebar: () => void };

/** Which shell action a key press asks for (platform §2 "Global shortcuts"), if any. */
export function shortcutFor(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): keyof ShellShortcuts | null {
  if (event.key === 'F11') return 'toggleFullscreen';
  if (
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    event.key.toLowerCase() === 'b'
  ) {
    return 'toggleSidebar';
  }
  return null;
}

/** F11 toggles full screen; Ctrl or Cmd plus B toggles the sidebar. */
export function useShellShortcuts(actions: ShellShortcuts): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
