import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams } from '#domain/schemas/catalog.ts';
import {
  employeeBody,
  employeeCreateInput,
  employeeList,
  employeeRoleInput,
  type PinIssued,
  pinIssued,
} from '#domain/schemas/employees.ts';
import { withSystem } from '../../db/tenant.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { endUserSessions } from '../../http/session-records.ts';
import { inTenant, type StaffScope } from '../../http/staff-scope.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { loadPinSecret } from '../accounts/index.ts';
import { mailIssuedPin } from './pin-mail.ts';
import {
  changeEmployeeRole,
  createEmployee,
  deactivateEmployee,
  type IssuedPin,
  listEmployees,
  reactivateEmployee,
  regenerateEmployeePin,
  removePendingEmployee,
} from './service.ts';

// Employee management (operations §2): owners and managers only (manage_users); cashiers are refused.
export async function employeeRoutes(app: App, deps: AppDeps): Promise<void> {
  const config = { access: access.permission('manage_users') };
  const tags = ['employees'];

  /** Mails the PIN after the change is committed, and answers with the PIN shown once and how the mail went. */
  async function issue(
    request: FastifyRequest,
    work: (
      scope: StaffScope,
      pinSecret: string,
      tx: Parameters<Parameters<typeof inTenant>[2]>[1],
    ) => Promise<IssuedPin>,
  ): Promise<PinIssued> {
    const pinSecret = await loadPinSecret(deps.database, deps.config.PIN_SECRET);
    let business: StaffScope['business'] | null = null;
    const issued = await inTenant(request, deps, (scope, tx) => {
      business = scope.business;
      return work(scope, pinSecret, tx);
    });
    const mail = await mailIssuedPin(deps, request, business!, issued);
    return {
      employee: issued.employee,
      generated_pin: issued.pin,
      pin_expires_at: issued.expiresAt.toISOString(),
      email_sent: mail.sent,
      email_error: mail.sent ? null : `Email service error: ${mail.error}`,
    };
  }

  app.get(
    '/api/v1/employees',
    {
      config,
      schema: {
        tags,
        summary: 'The staff: active (signed in at least once) and pending setup (first login ahead)',
        response: { 200: employeeList },
      },
    },
    (request) => inTenant(request, deps, ({ businessId }, tx) => listEmployees(tx, businessId, deps.now())),
  );

  app.post(
    '/api/v1/employees',
    {
      config,
      schema: {
        tags,
        summary: 'Create an employee with a generated single-use PIN, mailed to them (shown once here)',
        body: employeeCreateInput,
        response: { 201: pinIssued, ...errorResponses(403, 409) },
      },
    },
    async (request, reply) => {
      const result = await issue(request, (scope, pinSecret, tx) =>
        createEmployee({ ...scope, input: { ...request.body, now: deps.now(), pinSecret } }, tx),
      );
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/v1/employees/:id/pin',
    {
      config,
      schema: {
        tags,
        summary: 'Regenerate and re-send the PIN (single use, three days); the earlier PIN stops working',
        params: idParams,
        response: { 200: pinIssued, ...errorResponses(403, 404, 409) },
      },
    },
    (request) =>
      issue(request, (scope, pinSecret, tx) =>
        regenerateEmployeePin({ ...scope, input: { id: request.params.id, now: deps.now(), pinSecret } }, tx),
      ),
  );

  app.post(
    '/api/v1/employees/:id/deactivate',
    {
      config,
      schema: {
        tags,
        summary: 'Deactivate: the person cannot sign in and their sessions end at once',
        params: idParams,
        response: { 200: employeeBody, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => {
      const employee = await inTenant(request, deps, (scope, tx) =>
        deactivateEmployee({ ...scope, input: { id: request.params.id, now: deps.now() } }, tx),
      );
      // Sessions live in a table the tenant role may not touch; a deactivated person is refused anyway.
      await withSystem(deps.database.db, (tx) => endUserSessions(tx, employee.id));
      return { employee };
    },
  );

  app.post(
    '/api/v1/employees/:id/reactivate',
    {
      config,
      schema: {
        tags,
        summary: 'Reactivate a deactivated employee',
        params: idParams,
        response: { 200: employeeBody, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({
      employee: await inTenant(request, deps, (scope, tx) =>
        reactivateEmployee({ ...scope, input: { id: request.params.id, now: deps.now() } }, tx),
      ),
    }),
  );

  app.patch(
    '/api/v1/employees/:id/role',
    {
      config,
      schema: {
        tags,
        summary: 'Change the role (permissions follow); only an owner makes or changes owners',
        params: idParams,
        body: employeeRoleInput,
        response: { 200: employeeBody, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => ({
      employee: await inTenant(request, deps, (scope, tx) =>
        changeEmployeeRole(
          { ...scope, input: { id: request.params.id, role: request.body.role, now: deps.now() } },
          tx,
        ),
      ),
    }),
  );

  app.delete(
    '/api/v1/employees/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a pending employee (never signed in) outright',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => {
      await inTenant(request, deps, (scope, tx) =>
        removePendingEmployee({ ...scope, input: { id: request.params.id } }, tx),
      );
      return { ok: true as const };
    },
  );
}
