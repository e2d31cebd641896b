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
  /** The popup's dynamic import; started when the pointer or focus reaches the button, to be ready by the press. */
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
  const [isUsed, setUsed] = useState(false);
  if (isUsed) return <Suspense fallback={trigger}>{popup}</Suspense>;
  const start = () => void preload().catch(() => undefined);
  return cloneElement(trigger, {
    'aria-haspopup': hasPopup,
    'aria-expanded': false,
    onPointerEnter: start,
    onFocus: start,
    onClick: () => setUsed(true),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      setUsed(true);
    },
  });
}
