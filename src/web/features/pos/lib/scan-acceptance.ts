// operations §5 Barcode: a detected code is accepted only if it has at least 6 characters, differs from the
// previous one, and more than 1.5 seconds have passed since the last detection (§9 scan debounce 1500 ms).

export const MIN_CODE_LENGTH = 6;
export const SCAN_DEBOUNCE_MS = 1500;
/** operations §4: after a code is detected, 1.5 s pass before the lookup and the dialog closes. */
export const POST_SCAN_DELAY_MS = 1500;
/** operations §9: 5 scans a second. */
export const SCAN_INTERVAL_MS = 200;

export type ScanHistory = { code: string | null; time: number };

export const NO_SCANS: ScanHistory = { code: null, time: Number.NEGATIVE_INFINITY };

export function acceptScan(
  history: ScanHistory,
  code: string,
  now: number,
): { accepted: boolean; history: ScanHistory } {
  const text = code.trim();
  const accepted =
    text.length >= MIN_CODE_LENGTH && text !== history.code && now - history.time > SCAN_DEBOUNCE_MS;
  return { accepted, history: accepted ? { code: text, time: now } : history };
}
