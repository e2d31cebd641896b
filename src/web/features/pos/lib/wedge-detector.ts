// Keyboard-wedge barcode scanners (USB or Bluetooth) "type" the code and press Enter, far faster than a
// person: a burst of characters a few milliseconds apart. The till listens on the whole page, so a scan
// lands in the cart wherever the focus is (operations §4 Barcode scanner, §9 minimum length 6).

export type WedgeOptions = {
  /** Shortest code accepted (operations §9: 6). */
  minLength: number;
  /**
   * Longest single pause inside a scan; a longer one starts a new burst. Generous, because a busy till can
   * hold one key back for a moment: it is the average below that tells a scanner from a person.
   */
  maxGapMs: number;
  /**
   * Longest average pause per character, Enter included. USB scanners send a key every few milliseconds
   * and Bluetooth ones every 20–30; even a very fast typist averages over 60 ms across a word and Enter.
   */
  maxAverageGapMs: number;
};

export const WEDGE_DEFAULTS: WedgeOptions = { minLength: 6, maxGapMs: 250, maxAverageGapMs: 40 };

export type WedgeKey = {
  key: string;
  /** Milliseconds, e.g. the keydown event's timeStamp. */
  time: number;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
};

export type WedgeDetector = {
  /** Feeds one keydown; returns the scanned code when this key is the Enter that ends a fast burst. */
  push(key: WedgeKey): string | null;
  /** The characters of the burst in progress (what a scan has typed so far). */
  pending(): string;
  reset(): void;
};

// Keys a scanner may send between characters without breaking the burst (shifted letters in Code 39/128).
const IGNORED_KEYS = new Set(['Shift', 'CapsLock']);

export function createWedgeDetector(options: WedgeOptions = WEDGE_DEFAULTS): WedgeDetector {
  let buffer = '';
  let firstTime = 0;
  let lastTime = Number.NEGATIVE_INFINITY;

  function reset() {
    buffer = '';
    lastTime = Number.NEGATIVE_INFINITY;
  }

  return {
    push({ key, time, ctrlKey, metaKey, altKey }) {
      if (IGNORED_KEYS.has(key)) return null;
      if (ctrlKey || metaKey || altKey) {
        reset();
        return null;
      }
      const isFast = time - lastTime <= options.maxGapMs;
      if (key === 'Enter') {
        const code = buffer;
        const averageGap = (time - firstTime) / Math.max(1, code.length);
        reset();
        return isFast && code.length >= options.minLength && averageGap <= options.maxAverageGapMs
          ? code
          : null;
      }
      if (key.length !== 1) {
        reset();
        return null;
      }
      if (isFast) buffer += key;
      else {
        buffer = key;
        firstTime = time;
      }
      lastTime = time;
      return null;
    },
    pending: () => buffer,
    reset,
  };
}

/**
 * The text of an input after a scan that typed `code` into it is taken back out: the burst just before
 * the caret, or else its last occurrence. Returns null when the code is not in the text.
 */
export function withoutScannedCode(value: string, code: string, caret: number | null): string | null {
  const end = caret ?? value.length;
  if (end >= code.length && value.slice(end - code.length, end) === code) {
    return value.slice(0, end - code.length) + value.slice(end);
  }
  const at = value.lastIndexOf(code);
  if (at === -1) return null;
  return value.slice(0, at) + value.slice(at + code.length);
}
