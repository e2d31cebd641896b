import { describe, expect, it } from 'vitest';
import { INTERFACE_VERSION_LABELS, parseInterfaceVersion, parseTheme, resolveTheme } from './preferences.ts';

describe('stored theme', () => {
  it('reads light, dark and system as stored', () => {
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('system')).toBe('system');
  });

  it('defaults to system when nothing or something unknown is stored', () => {
    expect(parseTheme(null)).toBe('system');
    expect(parseTheme('Dark')).toBe('system');
    expect(parseTheme('"dark"')).toBe('system');
  });

  it('settles system by the device preference and keeps an explicit choice', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('stored interface version', () => {
  it('reads v1 and v2', () => {
    expect(parseInterfaceVersion('v1')).toBe('v1');
    expect(parseInterfaceVersion('v2')).toBe('v2');
  });

  it('ignores any other stored value and uses v1 (platform §4)', () => {
    expect(parseInterfaceVersion(null)).toBe('v1');
    expect(parseInterfaceVersion('v3')).toBe('v1');
    expect(parseInterfaceVersion('V2')).toBe('v1');
    expect(parseInterfaceVersion('')).toBe('v1');
  });

  it('labels the versions as the switch shows them', () => {
    expect(INTERFACE_VERSION_LABELS).toEqual({ v1: 'V1 - Current', v2: 'V2 - Dual Screen' });
  });
});
