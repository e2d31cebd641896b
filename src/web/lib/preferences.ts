// Parsing of the locally stored interface preferences (platform §3, §4). Anything unexpected in storage,
// written by an older version or by hand, falls back to the default instead of breaking the page.

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = 'light' | 'dark';

export function parseTheme(stored: string | null): Theme {
  return THEMES.find((theme) => theme === stored) ?? 'system';
}

export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

export const INTERFACE_VERSIONS = ['v1', 'v2'] as const;
export type InterfaceVersion = (typeof INTERFACE_VERSIONS)[number];

export const INTERFACE_VERSION_LABELS: Record<InterfaceVersion, string> = {
  v1: 'V1 - Current',
  v2: 'V2 - Dual Screen',
};

/** platform §4: v1 by default; any other stored value is ignored. */
export function parseInterfaceVersion(stored: string | null): InterfaceVersion {
  return INTERFACE_VERSIONS.find((version) => version === stored) ?? 'v1';
}
