import { describe, expect, it } from 'vitest';
import { isTillId, parseLiveEvent, parseScopeKey, scopeKey } from './live-events.ts';

const TILL = '6F1F3C1E-2A4B-4C5D-8E9F-0A1B2C3D4E5F';

describe('event scopes', () => {
  it('are written as business, till:<id> and display:<id>, ids in lower case, and read back', () => {
    expect(scopeKey({ kind: 'business' })).toBe('business');
    expect(scopeKey({ kind: 'till', tillId: TILL })).toBe(`till:${TILL.toLowerCase()}`);
    expect(scopeKey({ kind: 'display', tillId: TILL })).toBe(`display:${TILL.toLowerCase()}`);
    expect(parseScopeKey(`display:${TILL}`)).toEqual({ kind: 'display', tillId: TILL.toLowerCase() });
    expect(parseScopeKey('business')).toEqual({ kind: 'business' });
  });

  it('refuse what is not a scope', () => {
    expect(parseScopeKey('till:1')).toBeNull();
    expect(parseScopeKey(`shop:${TILL}`)).toBeNull();
    expect(parseScopeKey(`till:${TILL}:x`)).toBeNull();
    expect(isTillId('not-a-till')).toBe(false);
  });
});

describe('parseLiveEvent', () => {
  const event = {
    id: '3',
    type: 'display.status',
    scope: `display:${TILL}`,
    data: {
      status: { state: 'failed', method: 'card', message: 'Payment failed. Please try again.' },
      timestamp: 't',
    },
    created_at: 'c',
  };

  it('reads a known event with valid data', () => {
    expect(parseLiveEvent(JSON.stringify(event))).toEqual(event);
  });

  it('drops unknown kinds, wrong data and text that is not JSON', () => {
    expect(parseLiveEvent(JSON.stringify({ ...event, type: 'sale.deleted' }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ ...event, data: { status: { state: 'paid' } } }))).toBeNull();
    expect(parseLiveEvent('{')).toBeNull();
    expect(parseLiveEvent('null')).toBeNull();
  });
});
