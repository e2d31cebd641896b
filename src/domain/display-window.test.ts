import { describe, expect, it } from 'vitest';
import { displayWindowArea, isDualScreenDetected, rightHalf, windowFeatures } from './display-window.ts';

describe('dual screen detection (operations §4)', () => {
  it('counts an extended screen or one wider than 2560 px', () => {
    expect(isDualScreenDetected({ isExtended: true, width: 1280 })).toBe(true);
    expect(isDualScreenDetected({ width: 3840 })).toBe(true);
    expect(isDualScreenDetected({ width: 2560 })).toBe(false);
    expect(isDualScreenDetected({ isExtended: false, width: 1920 })).toBe(false);
  });
});

describe('display window placement', () => {
  it('takes the right half of the screen', () => {
    expect(rightHalf({ left: 0, top: 0, width: 1921, height: 1080 })).toEqual({
      left: 961,
      top: 0,
      width: 960,
      height: 1080,
    });
  });

  it('goes to the right half of a second screen when one is known', () => {
    const till = { left: 0, top: 0, width: 1920, height: 1080 };
    const customer = { left: 1920, top: 0, width: 1280, height: 800 };
    expect(displayWindowArea(till, [customer])).toEqual({ left: 2560, top: 0, width: 640, height: 800 });
    expect(displayWindowArea(till)).toEqual({ left: 960, top: 0, width: 960, height: 1080 });
  });

  it('writes window.open features', () => {
    expect(windowFeatures({ left: 960, top: 0, width: 960, height: 1080 })).toBe(
      'popup=yes,left=960,top=0,width=960,height=1080',
    );
  });
});
