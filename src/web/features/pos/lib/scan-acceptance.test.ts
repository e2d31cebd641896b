import { describe, expect, it } from 'vitest';
import { acceptScan, NO_SCANS } from './scan-acceptance.ts';

describe('camera scan acceptance (operations §5 Barcode)', () => {
  it('accepts a first code of at least 6 characters', () => {
    expect(acceptScan(NO_SCANS, '6031000000017', 0)).toEqual({
      accepted: true,
      history: { code: '6031000000017', time: 0 },
    });
  });

  it('refuses codes shorter than 6 characters', () => {
    expect(acceptScan(NO_SCANS, '12345', 0).accepted).toBe(false);
    expect(acceptScan(NO_SCANS, '  12345 ', 0).accepted).toBe(false);
  });

  it('refuses the same code as the previous detection', () => {
    const first = acceptScan(NO_SCANS, '6031000000017', 0).history;
    expect(acceptScan(first, '6031000000017', 10_000)).toEqual({ accepted: false, history: first });
  });

  it('refuses a different code within 1.5 s of the last detection, accepts it after', () => {
    const first = acceptScan(NO_SCANS, '6031000000017', 0).history;
    expect(acceptScan(first, '6031000000024', 1500).accepted).toBe(false);
    expect(acceptScan(first, '6031000000024', 1501).accepted).toBe(true);
  });
});
