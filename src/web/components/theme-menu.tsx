import { MoonIcon, SunIcon } from 'lucide-react';
import { lazyComponent } from '#web/lib/lazy-component.ts';
import { useTheme } from '#web/lib/theme.tsx';
import { LoadOnFirstUse } from './load-on-first-use.tsx';
import { Button } from './ui/button.tsx';

const ThemeMenuPopup = lazyComponent(() =>
  import('./theme-menu-popup.tsx').then((module) => ({ default: module.ThemeMenuPopup })),
);

/** Light, Dark or System (platform §2 "Theme menu"); the menu's code loads on the first press. */
export function ThemeMenu() {
  const { resolvedTheme } = useTheme();
  const Icon = resolvedTheme === 'dark' ? MoonIcon : SunIcon;
  const trigger = (
    <Button variant="ghost" size="icon" aria-label="Change theme">
      <Icon aria-hidden="true" />
    </Button>
  );
  return (
    <LoadOnFirstUse
      trigger={trigger}
      preload={ThemeMenuPopup.preload}
      popup={<ThemeMenuPopup trigger={trigger} />}
      hasPopup="menu"
    />
  );
}
