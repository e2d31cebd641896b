import { describe, expect, it } from 'vitest';
import { createWedgeDetector, withoutScannedCode } from './wedge-detector.ts';

/** Types `text` then Enter, `gap` ms apart, starting at `start`; returns what the detector reported. */
function type(detector: ReturnType<typeof createWedgeDetector>, text: string, gap: number, start = 1000) {
  let time = start;
  const results: (string | null)[] = [];
  for (const key of text) {
    results.push(detector.push({ key, time }));
    time += gap;
  }
  results.push(detector.push({ key: 'Enter', time }));
  return results.filter((result) => result !== null);
}

describe('keyboard-wedge scanner detection', () => {
  it('reports a fast burst of 6+ characters ending in Enter as a scan', () => {
    expect(type(createWedgeDetector(), '6031000000017', 8)).toEqual(['6031000000017']);
  });

  it('ignores people typing at a human pace, even a very fast typist', () => {
    expect(type(createWedgeDetector(), '6031000000017', 120)).toEqual([]);
    expect(type(createWedgeDetector(), 'coffee', 65)).toEqual([]);
  });

  it('tolerates one slow key inside a scan (a busy computer)', () => {
    const detector = createWedgeDetector();
    const gaps = [180, 8, 85, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8];
    let time = 0;
    [...'6031000000017'].forEach((key, index) => {
      detector.push({ key, time });
      time += gaps[index]!;
    });
    expect(detector.push({ key: 'Enter', time })).toBe('6031000000017');
  });

  it('refuses bursts shorter than 6 characters (operations §9 minimum length)', () => {
    expect(type(createWedgeDetector(), '12345', 5)).toEqual([]);
    expect(type(createWedgeDetector(), '123456', 5)).toEqual(['123456']);
  });

  it('starts a new burst after a pause, so slow typing before a scan is not part of the code', () => {
    const detector = createWedgeDetector();
    detector.push({ key: 'c', time: 0 });
    detector.push({ key: 'o', time: 400 });
    expect(type(detector, 'ABC-0001', 10, 1000)).toEqual(['ABC-0001']);
  });

  it('needs the Enter to follow the burst quickly', () => {
    const detector = createWedgeDetector();
    for (const [index, key] of [...'123456789'].entries()) detector.push({ key, time: index * 5 });
    expect(detector.push({ key: 'Enter', time: 400 })).toBeNull();
  });

  it('refuses a burst whose keys average more than 40 ms apart', () => {
    expect(type(createWedgeDetector(), '123456', 40)).toEqual(['123456']);
    expect(type(createWedgeDetector(), '123456', 48)).toEqual([]);
  });

  it('lets Shift through (scanners shift for capital letters) but resets on other control keys', () => {
    const detector = createWedgeDetector();
    let time = 0;
    for (const key of ['Shift', 'A', 'Shift', 'B', '1', '2', '3', '4']) {
      detector.push({ key, time });
      time += 4;
    }
    expect(detector.push({ key: 'Enter', time })).toBe('AB1234');

    for (const key of ['1', '2', '3', 'Backspace', '4', '5', '6']) {
      detector.push({ key, time });
      time += 4;
    }
    expect(detector.push({ key: 'Enter', time })).toBeNull();
  });

  it('never treats a shortcut (Ctrl/Cmd/Alt) as part of a scan', () => {
    const detector = createWedgeDetector();
    for (const [index, key] of [...'123456'].entries()) detector.push({ key, time: index * 4 });
    expect(detector.push({ key: 'Enter', time: 28, ctrlKey: true })).toBeNull();
    expect(detector.pending()).toBe('');
  });

  it('honours custom thresholds', () => {
    const detector = createWedgeDetector({ minLength: 3, maxGapMs: 20, maxAverageGapMs: 20 });
    expect(type(detector, 'abc', 15)).toEqual(['abc']);
    expect(type(detector, 'abc', 25)).toEqual([]);
  });
});

describe('taking a scanned code back out of an input', () => {
  it('removes the burst just before the caret', () => {
    expect(withoutScannedCode('milo6031000000017', '6031000000017', 17)).toBe('milo');
    expect(withoutScannedCode('mi6031000000017lo', '6031000000017', 15)).toBe('milo');
  });

  it('falls back to the last occurrence when the caret is elsewhere', () => {
    expect(withoutScannedCode('123456 and 123456x', '123456', 0)).toBe('123456 and x');
    expect(withoutScannedCode('abc', '123456', null)).toBeNull();
  });
});
