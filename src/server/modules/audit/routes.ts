import { auditListQuery, auditListResponse } from '#domain/schemas/transactions.ts';
import { access } from '../../http/access.ts';
import { inTenant } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { listAuditEntries } from './queries.ts';

// Reading the audit log: managers and owners (those who see the business's reports). Nobody writes it over HTTP.
export async function auditRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/api/v1/audit-log',
    {
      config: { access: access.permission('view_reports') },
      schema: {
        tags: ['audit'],
        summary: 'Who did what and when (refunds, voids, approvals, stock, prices, staff), newest first',
        querystring: auditListQuery,
        response: { 200: auditListResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, ({ business }, tx) => listAuditEntries(tx, business, request.query)),
  );
}
