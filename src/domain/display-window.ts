// Where the customer display window goes (operations §4 Display mode): half the screen's width, at its right
// half. In version 2 a second screen counts as detected when the screen is extended or wider than 2560 px.

/** Wider than this, one screen is taken to be two side by side. */
export const DUAL_SCREEN_MIN_WIDTH = 2560;
/** operations §4: the display opens this long after a dual screen is detected or an open is asked for. */
export const DISPLAY_OPEN_DELAY_MS = 1000;

export type ScreenArea = { left: number; top: number; width: number; height: number };
export type ScreenInfo = { isExtended?: boolean; width: number };

export function isDualScreenDetected(screen: ScreenInfo): boolean {
  return screen.isExtended === true || screen.width > DUAL_SCREEN_MIN_WIDTH;
}

/** The right half of a screen's area, in whole pixels. */
export function rightHalf(area: ScreenArea): ScreenArea {
  const width = Math.floor(area.width / 2);
  return { left: area.left + area.width - width, top: area.top, width, height: area.height };
}

/**
 * The display's area: the right half of another screen when the Window Management API lists one (the
 * customer's monitor), else the right half of the till's own screen.
 */
export function displayWindowArea(current: ScreenArea, others: readonly ScreenArea[] = []): ScreenArea {
  return rightHalf(others[0] ?? current);
}

/** The `features` argument of window.open for an area. */
export function windowFeatures(area: ScreenArea): string {
  return `popup=yes,left=${area.left},top=${area.top},width=${area.width},height=${area.height}`;
}

export const POPUP_BLOCKED_MESSAGE =
  'Failed to open customer display window. Please allow popups for this site.';
export const POPUP_BLOCKED_TOAST = {
  title: 'Failed to Open Display',
  description: 'Could not open customer display. Please check popup settings.',
};
