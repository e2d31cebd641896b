import { useEffect, useRef } from 'react';
import { createWedgeDetector, withoutScannedCode } from '../lib/wedge-detector.ts';

/** Sets an input's text the way typing would, so React's onChange sees it. */
function replaceInputText(element: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
  setter?.call(element, text);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Listens on the whole page for a keyboard-wedge scanner (a fast burst of characters and Enter). A scan
 * typed into a field (the search box, say) is taken back out of it, and its Enter never submits that
 * field's form: the code goes to `onScan` instead.
 */
export function useWedgeScanner(onScan: (code: string) => void, isEnabled = true) {
  const handler = useRef(onScan);
  handler.current = onScan;

  useEffect(() => {
    if (!isEnabled) return;
    const detector = createWedgeDetector();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      const code = detector.push({
        key: event.key,
        time: event.timeStamp,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
      });
      if (code === null) return;
      event.preventDefault();
      event.stopPropagation();
      const target = event.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
        const rest = withoutScannedCode(target.value, code, target.selectionStart);
        if (rest !== null) replaceInputText(target, rest);
      }
      handler.current(code);
    };
    // Capture phase: the scan is seen before any field or dialog acts on its Enter.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [isEnabled]);
}
