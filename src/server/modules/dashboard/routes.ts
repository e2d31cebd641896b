import { dashboardResponse } from '#domain/schemas/transactions.ts';
import { access } from '../../http/access.ts';
import { inTenant } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { loadDashboard } from './queries.ts';

// The owner's and manager's landing page (operations §2 Dashboard).
export async function dashboardRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/api/v1/dashboard',
    {
      config: { access: access.permission('view_reports') },
      schema: {
        tags: ['dashboard'],
        summary:
          "Today's and the month's takings (business timezone, net of refunds), stock and customer cards, recent sales, low stock",
        response: { 200: dashboardResponse },
      },
    },
    async (request) => inTenant(request, deps, ({ business }, tx) => loadDashboard(tx, business, deps.now())),
  );
}
