import { useLayoutEffect } from 'react';
import { DEFAULT_THEME_COLORS } from '#domain/business.ts';
import { type ThemeColours, themeCssVariables } from '#domain/business-settings.ts';
import { useTheme } from './theme.tsx';

/**
 * Applies a business's theme colours (Settings → Business) to the whole app while its pages are open, as CSS
 * variables on <html>; they are taken off again when the business app closes or the colours change.
 */
export function useBusinessTheme(colours: ThemeColours | null | undefined): void {
  const { resolvedTheme } = useTheme();
  const key = colours ? JSON.stringify(colours) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the colours are compared by value (key), not identity
  useLayoutEffect(() => {
    const variables = themeCssVariables(colours, DEFAULT_THEME_COLORS, resolvedTheme);
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(variables)) style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(variables)) style.removeProperty(name);
    };
  }, [key, resolvedTheme]);
}
