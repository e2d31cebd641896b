import {
  cashMovementInput,
  closeShiftInput,
  currentShiftQuery,
  currentShiftResponse,
  openShiftInput,
  shiftDifferencesQuery,
  shiftDifferencesResponse,
  shiftListQuery,
  shiftListResponse,
  shiftParams,
  shiftResponse,
} from '#domain/schemas/shifts.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { inTenant } from '../../http/staff-scope.ts';
import type { BusinessRow } from '../../http/tenancy.ts';
import type { App, AppDeps } from '../../http/types.ts';
import {
  differencesByCashier,
  findCurrentShifts,
  findVisibleShift,
  listShifts,
  SEE_ALL_SHIFTS,
  type ShopHeader,
  toShiftDetail,
} from './queries.ts';
import { closeShift, openShift, recordCashMovement } from './shift-use-cases.ts';

const tags = ['shifts'];
// Whoever sells opens, counts and closes their own shift; which shifts one may see or close beyond one's own
// (manage_shifts: managers and owners) is decided in the queries, on the shift itself.
const tillStaff = access.permission('process_sales');

/** What the Z report's header prints: the receipt's header lines (#domain/receipt.ts). */
function shopHeader(business: BusinessRow): ShopHeader {
  return {
    name: business.name,
    header_lines: [
      business.address,
      business.phone ? `Tel: ${business.phone}` : '',
      business.taxId ? `Tax ID: ${business.taxId}` : '',
    ].filter(Boolean),
    timezone: business.timezone,
  };
}

// Shifts and the end-of-day cash-up: open with a float, cash in and out, close with the count, the Z report.
export async function shiftRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/api/v1/shifts/current',
    {
      config: { access: tillStaff },
      schema: {
        tags,
        summary: "The signed-in person's open shift, and whether someone else has this till",
        querystring: currentShiftQuery,
        response: { 200: currentShiftResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, async ({ businessId, actor, business }, tx) => {
        const { mine, other } = await findCurrentShifts(tx, businessId, actor, request.query.till);
        return {
          shift: mine ? await toShiftDetail(tx, businessId, mine, shopHeader(business)) : null,
          till_taken_by: other?.cashierName ?? null,
        };
      }),
  );

  app.get(
    '/api/v1/shifts',
    {
      config: { access: tillStaff },
      schema: {
        tags,
        summary: 'Shifts, open first then the latest; only your own without manage_shifts',
        querystring: shiftListQuery,
        response: { 200: shiftListResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, async ({ businessId, actor }, tx) => ({
        shifts: await listShifts(tx, businessId, actor, request.query),
      })),
  );

  app.get(
    '/api/v1/shifts/differences',
    {
      config: { access: access.permission(SEE_ALL_SHIFTS) },
      schema: {
        tags,
        summary:
          'Shifts closed in the last `days` (all when absent) by cashier: how many, total over and short',
        querystring: shiftDifferencesQuery,
        response: { 200: shiftDifferencesResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, async ({ businessId }, tx) => {
        const { days } = request.query;
        const since = days ? new Date(deps.now().getTime() - days * 24 * 60 * 60 * 1000) : null;
        return { cashiers: await differencesByCashier(tx, businessId, since) };
      }),
  );

  app.get(
    '/api/v1/shifts/:id',
    {
      config: { access: tillStaff },
      schema: {
        tags,
        summary: 'One shift with its figures and cash movements (the Z report once closed)',
        params: shiftParams,
        response: { 200: shiftResponse, ...errorResponses(404) },
      },
    },
    async (request) =>
      inTenant(request, deps, async ({ businessId, actor, business }, tx) => {
        const row = await findVisibleShift(tx, businessId, actor, request.params.id);
        return { shift: await toShiftDetail(tx, businessId, row, shopHeader(business)) };
      }),
  );

  app.post(
    '/api/v1/shifts',
    {
      config: { access: tillStaff },
      schema: {
        tags,
        summary: 'Open your shift on this till with an opening float',
        body: openShiftInput,
        response: { 201: shiftResponse, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const shift = await inTenant(request, deps, async (scope, tx) => {
        const row = await openShift({ ...scope, input: { ...request.body, now: deps.now() } }, tx);
        return toShiftDetail(tx, scope.businessId, row, shopHeader(scope.business));
      });
      return reply.status(201).send({ shift });
    },
  );

  app.post(
    '/api/v1/shifts/:id/cash-movements',
    {
      config: { access: tillStaff },
      schema: {
        tags,
        summary: 'Cash put into or taken out of an open shift’s drawer, with the reason',
        params: shiftParams,
        body: cashMovementInput,
        response: { 201: shiftResponse, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const shift = await inTenant(request, deps, async (scope, tx) => {
        const { shift: row } = await recordCashMovement(
          { ...scope, input: { ...request.body, shiftId: request.params.id, now: deps.now() } },
          tx,
        );
        return toShiftDetail(tx, scope.businessId, row, shopHeader(scope.business));
      });
      return reply.status(201).send({ shift });
    },
  );

  app.post(
    '/api/v1/shifts/:id/close',
    {
      config: { access: tillStaff },
      schema: {
        tags,
        summary: 'Close a shift with the cash counted; it is read-only afterwards',
        params: shiftParams,
        body: closeShiftInput,
        response: { 200: shiftResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const shift = await inTenant(request, deps, async (scope, tx) => {
        const row = await closeShift(
          { ...scope, input: { ...request.body, shiftId: request.params.id, now: deps.now() } },
          tx,
        );
        return toShiftDetail(tx, scope.businessId, row, shopHeader(scope.business));
      });
      return { shift };
    },
  );
}
