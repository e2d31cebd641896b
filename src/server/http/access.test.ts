import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('route access declarations', () => {
  it('has every route declare who may call it', () => {
    expect(t.app.routeAccessTable().length).toBeGreaterThan(5);
    const undeclared = t.app
      .routeAccessTable()
      .filter((route) => !route.access)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });
});
