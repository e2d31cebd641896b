import {
  type ComponentProps,
  cloneElement,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

type Props = {
  /** The button that opens the popup: on screen at once, labelled and focusable like the real trigger. */
  trigger: ReactElement<ComponentProps<'button'>>;
  /**
   * Loads the popup's code (its `lazyComponent`'s preload, so that it then renders without suspending); started
   * when the pointer or focus reaches the button, to be ready by the press.
   */
  preload: () => Promise<unknown>;
  /** The loaded popup with `trigger` as its own trigger, rendered already open. */
  popup: ReactNode;
  /** What the button opens, for assistive technology (as the popup's own trigger says once loaded). */
  hasPopup: 'menu' | 'dialog';
};

/**
 * A menu or popover whose code loads on its first use instead of with the page: until then the button is a
 * plain button, and pressing it (click, Enter, Space or ↓) loads the popup and shows it open. Used for the
 * top bar's menus, which the till does not need in order to sell.
 */
export function LoadOnFirstUse({ trigger, preload, popup, hasPopup }: Props) {
  const [use, setUse] = useState<'none' | 'loading' | 'loaded'>('none');
  // The popup replaces the button once its code is there, not before: rendered while the code is still loading,
  // it would suspend, and React keeps a Suspense fallback for 300 ms even when the code arrives at once.
  if (use === 'loaded') return <Suspense fallback={trigger}>{popup}</Suspense>;
  const start = () => void preload().catch(() => undefined);
  const open = () => {
    if (use !== 'none') return;
    setUse('loading');
    // A failed load renders the popup anyway, for its boundary to report.
    const show = () => setUse('loaded');
    preload().then(show, show);
  };
  return cloneElement(trigger, {
    'aria-haspopup': hasPopup,
    'aria-expanded': false,
    onPointerEnter: start,
    onFocus: start,
    onClick: open,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      open();
    },
  });
}
