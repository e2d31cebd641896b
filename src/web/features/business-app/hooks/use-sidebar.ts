import { useCallback, useState } from 'react';
import { browserStorage, readStorage, STORAGE_KEYS, writeStorage } from '#web/lib/storage-keys.ts';
import { useMediaQuery } from '#web/lib/use-media-query.ts';

// platform §2, §9: the sidebar docks from 1024 px; there its open state is remembered, open by default.
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';

export function parseSidebarOpen(stored: string | null): boolean {
  return stored !== 'false';
}

export type SidebarState = {
  /** Docked beside the page (wide screens) or sliding over it (narrow ones). */
  isWide: boolean;
  isOpen: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
};

/**
 * On a wide screen the remembered choice applies; on a narrow one the sidebar slides over the page and
 * starts closed each time, so a phone does not open on a menu.
 */
export function useSidebar(): SidebarState {
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [isDockedOpen, setDockedOpen] = useState(() =>
    parseSidebarOpen(readStorage(browserStorage('local'), STORAGE_KEYS.sidebarOpen)),
  );
  const [isOverlayOpen, setOverlayOpen] = useState(false);

  const setOpen = useCallback(
    (open: boolean) => {
      if (isWide) {
        writeStorage(browserStorage('local'), STORAGE_KEYS.sidebarOpen, String(open));
        setDockedOpen(open);
      } else {
        setOverlayOpen(open);
      }
    },
    [isWide],
  );
  const isOpen = isWide ? isDockedOpen : isOverlayOpen;
  const toggle = useCallback(() => setOpen(!isOpen), [setOpen, isOpen]);
  return { isWide, isOpen, setOpen, toggle };
}
