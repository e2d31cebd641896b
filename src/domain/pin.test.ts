import { describe, expect, it } from 'vitest';
import { canSubmitPin, cleanPinInput, PIN_SESSION_MS, parseStoredPinSession } from './pin.ts';

describe('PIN input', () => {
  it('keeps digits only, at most six', () => {
    expect(cleanPinInput('12a3 4-5678')).toBe('123456');
    expect(cleanPinInput('<script>')).toBe('');
  });

  it('enables Sign In from four digits', () => {
    expect(canSubmitPin('123')).toBe(false);
    expect(canSubmitPin('1234')).toBe(true);
  });
});

describe('stored PIN session', () => {
  const now = Date.UTC(2026, 2, 1, 8);
  const record = {
    user: { user_id: 'u1', user_email: 'ama@demo.shop', user_name: 'Ama Mensah', user_role: 'cashier' },
    is_pending: false,
    timestamp: now,
    expiresAt: now + PIN_SESSION_MS,
  };

  it('is read back while it lasts', () => {
    expect(parseStoredPinSession(JSON.stringify(record), now + 1000)).toEqual(record);
  });

  it('is dropped once expired, after 8 hours', () => {
    expect(parseStoredPinSession(JSON.stringify(record), now + PIN_SESSION_MS)).toBeNull();
  });

  it('is dropped when malformed', () => {
    expect(parseStoredPinSession('{not json', now)).toBeNull();
    expect(parseStoredPinSession(JSON.stringify({ ...record, user: null }), now)).toBeNull();
    expect(parseStoredPinSession(JSON.stringify({ ...record, expiresAt: 'later' }), now)).toBeNull();
  });
});
