import { useEffect, useRef } from 'react';

export type TillShortcuts = {
  focusSearch: () => void;
  checkout: () => void;
  clearCart: () => void;
};

/**
 * operations §2 shortcuts: Ctrl/Cmd+F focuses search, Ctrl/Cmd+Enter opens checkout (announced by the spec
 * and made to work here), Ctrl/Cmd+Escape clears the cart. Off while a dialog has the keyboard.
 */
export function useTillShortcuts(shortcuts: TillShortcuts, isEnabled: boolean) {
  const actions = useRef(shortcuts);
  actions.current = shortcuts;

  useEffect(() => {
    if (!isEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented) return;
      const key = event.key;
      if (key === 'f' || key === 'F') {
        event.preventDefault();
        actions.current.focusSearch();
      } else if (key === 'Enter') {
        event.preventDefault();
        actions.current.checkout();
      } else if (key === 'Escape') {
        event.preventDefault();
        actions.current.clearCart();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isEnabled]);
}
