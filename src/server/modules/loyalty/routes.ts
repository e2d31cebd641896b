import { idParams } from '#domain/schemas/catalog.ts';
import {
  customerLoyaltyResponse,
  loyaltySettingsInput,
  loyaltySettingsResponse,
} from '#domain/schemas/loyalty.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { inTenant } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { CUSTOMER_NOT_FOUND } from '../customers/index.ts';
import { customerLedger } from './queries.ts';
import { readLoyaltySettings, saveLoyaltySettings } from './settings.ts';

// Loyalty points: the owner's settings, and a customer's balance and history (at the till and on the customer
// screen).
export async function loyaltyRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/api/v1/settings/loyalty',
    {
      // The till reads whether points may be redeemed and what they are worth.
      config: { access: access.anyPermission('manage_settings', 'process_sales', 'manage_customers') },
      schema: {
        tags: ['settings'],
        summary: 'Whether the loyalty program is on, and its earn and redeem rates',
        response: { 200: loyaltySettingsResponse },
      },
    },
    (request) => inTenant(request, deps, ({ businessId }, tx) => readLoyaltySettings(tx, businessId)),
  );

  app.put(
    '/api/v1/settings/loyalty',
    {
      config: { access: access.permission('manage_settings') },
      schema: {
        tags: ['settings'],
        summary: 'Switches the loyalty program and sets its rates; a change is written to the audit log',
        body: loyaltySettingsInput,
        response: { 200: loyaltySettingsResponse },
      },
    },
    (request) =>
      inTenant(request, deps, (scope, tx) =>
        saveLoyaltySettings({ ...scope, input: { ...request.body, now: deps.now() } }, tx),
      ),
  );

  app.get(
    '/api/v1/customers/:id/loyalty',
    {
      config: { access: access.anyPermission('manage_customers', 'process_sales') },
      schema: {
        tags: ['customers'],
        summary: "A customer's points balance and the latest changes to it, newest first",
        params: idParams,
        response: { 200: customerLoyaltyResponse, ...errorResponses(404) },
      },
    },
    (request) =>
      inTenant(request, deps, async ({ businessId }, tx) => {
        const ledger = await customerLedger(tx, businessId, request.params.id);
        if (!ledger) throw CUSTOMER_NOT_FOUND();
        return { ...ledger, settings: await readLoyaltySettings(tx, businessId) };
      }),
  );
}
