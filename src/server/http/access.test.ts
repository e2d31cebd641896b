import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { access, satisfies } from './access.ts';

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

  it('declares "any of" on the route rather than checking it in the handler (a sale: till or reports)', () => {
    const sale = t.app
      .routeAccessTable()
      .find((route) => route.method === 'GET' && route.url === '/api/v1/sales/:id');
    expect(sale?.access).toEqual(access.anyPermission('process_sales', 'view_reports'));
  });

  it('lets "any of" through with one of the permissions and none without', () => {
    const either = access.anyPermission('process_sales', 'view_reports');
    expect(satisfies(['view_reports'], either)).toBe(true);
    expect(satisfies(['process_sales', 'manage_customers'], either)).toBe(true);
    expect(satisfies(['manage_customers'], either)).toBe(false);
    expect(satisfies([], either)).toBe(false);
    // "All of" still needs every one.
    expect(satisfies(['view_reports'], access.permission('process_sales', 'view_reports'))).toBe(false);
  });
});
