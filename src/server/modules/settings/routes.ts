import { eq } from 'drizzle-orm';
import {
  businessProfileInput,
  receiptSettingsInput,
  rolePermissionsInput,
  settingsResponse,
  taxSettingsInput,
} from '#domain/schemas/settings.ts';
import { businesses } from '../../db/schema/index.ts';
import { access } from '../../http/access.ts';
import { inTenant } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import {
  toSettingsBody,
  updateBusinessProfile,
  updateReceiptSettings,
  updateRolePermissions,
  updateTaxSettings,
} from './settings.ts';

const tags = ['settings'];
// Settings are the owner's (manage_settings is owner-only, see #domain/business-settings.ts); the discount limit
// keeps its own routes in the sales module, and payments theirs under manage_payments.
const config = { access: access.permission('manage_settings') };

export async function settingsRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/api/v1/settings',
    {
      config,
      schema: {
        tags,
        summary: 'The business profile, tax, receipt and role settings',
        response: { 200: settingsResponse },
      },
    },
    (request) =>
      inTenant(request, deps, async ({ businessId }, tx) => {
        const [row] = await tx.select().from(businesses).where(eq(businesses.id, businessId));
        return toSettingsBody(row!);
      }),
  );

  app.put(
    '/api/v1/settings/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Saves the business profile (platform §3), its theme colours and POS features',
        body: businessProfileInput,
        response: { 200: settingsResponse },
      },
    },
    async (request) =>
      toSettingsBody(
        await inTenant(request, deps, (scope, tx) =>
          updateBusinessProfile({ ...scope, input: { ...request.body, now: deps.now() } }, tx),
        ),
      ),
  );

  app.put(
    '/api/v1/settings/tax',
    {
      config,
      schema: {
        tags,
        summary:
          'Saves how prices are entered (tax-inclusive or not) and the default tax rate of new products',
        body: taxSettingsInput,
        response: { 200: settingsResponse },
      },
    },
    async (request) =>
      toSettingsBody(
        await inTenant(request, deps, (scope, tx) =>
          updateTaxSettings({ ...scope, input: { ...request.body, now: deps.now() } }, tx),
        ),
      ),
  );

  app.put(
    '/api/v1/settings/receipt',
    {
      config,
      schema: {
        tags,
        summary: 'Saves the receipt paper width and what a printed receipt shows',
        body: receiptSettingsInput,
        response: { 200: settingsResponse },
      },
    },
    async (request) =>
      toSettingsBody(
        await inTenant(request, deps, (scope, tx) =>
          updateReceiptSettings({ ...scope, input: { ...request.body, now: deps.now() } }, tx),
        ),
      ),
  );

  app.put(
    '/api/v1/settings/roles',
    {
      config,
      schema: {
        tags,
        summary:
          'Saves the permissions managers and cashiers hold; signed-in people get them on their next request',
        body: rolePermissionsInput,
        response: { 200: settingsResponse },
      },
    },
    async (request) =>
      toSettingsBody(
        await inTenant(request, deps, (scope, tx) =>
          updateRolePermissions({ ...scope, input: { ...request.body, now: deps.now() } }, tx),
        ),
      ),
  );
}
