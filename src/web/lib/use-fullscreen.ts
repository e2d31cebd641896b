import { useCallback, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

/** The page in full screen or not (platform §2 "Fullscreen toggle"); browsers may refuse, which is fine. */
export function useFullscreen(): { isFullscreen: boolean; isSupported: boolean; toggle: () => void } {
  const isFullscreen = useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement !== null && document.fullscreenElement !== undefined,
    () => false,
  );
  const isSupported = typeof document.documentElement.requestFullscreen === 'function';
  const toggle = useCallback(() => {
    const request = document.fullscreenElement
      ? document.exitFullscreen?.()
      : document.documentElement.requestFullscreen?.();
    // A refusal (no user gesture, a kiosk policy) leaves the page as it was.
    request?.catch(() => {});
  }, []);
  return { isFullscreen, isSupported, toggle };
}
