import { z } from 'zod';
import { idParams } from '#domain/schemas/catalog.ts';
import { tillDevice, tillDeviceList, tillDeviceStatus, trustDeviceInput } from '#domain/schemas/employees.ts';
import { withTenant } from '../../db/tenant.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { inTenant } from '../../http/staff-scope.ts';
import { requireStaff } from '../../http/staff-session.ts';
import { requireBusiness } from '../../http/tenancy.ts';
import type { App, AppDeps } from '../../http/types.ts';
import {
  clearTillCookie,
  findTrustedDevice,
  listTillDevices,
  revokeTillDevice,
  setTillCookie,
  toTillDevice,
  trustTillDevice,
} from './till-devices.ts';

// Trusted till devices: the PIN screen asks whether this browser is a till; owners and managers (manage_users)
// trust the browser they are on, list the shop's tills and revoke them.
export async function tillDeviceRoutes(app: App, deps: AppDeps): Promise<void> {
  const tags = ['till devices'];
  const config = { access: access.permission('manage_users') };

  app.get(
    '/api/v1/auth/till-device',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'Whether this browser is a trusted till of the business of the address (PIN sign-in works)',
        response: { 200: tillDeviceStatus },
      },
    },
    async (request) => {
      const business = await requireBusiness(request, deps);
      const device = await withTenant(deps.database.db, business.id, (tx) =>
        findTrustedDevice(tx, request, business),
      );
      return { trusted: device !== null, name: device?.name ?? null };
    },
  );

  app.get(
    '/api/v1/till-devices',
    {
      config,
      schema: {
        tags,
        summary: 'The browsers trusted as tills, newest first (revoked ones too)',
        response: { 200: tillDeviceList },
      },
    },
    (request) =>
      inTenant(request, deps, async ({ businessId, business }, tx) => {
        const current = await findTrustedDevice(tx, request, business);
        return { devices: await listTillDevices(tx, businessId, current?.id ?? null) };
      }),
  );

  app.post(
    '/api/v1/till-devices',
    {
      config,
      schema: {
        tags,
        summary: 'Trust this browser as a till (needs a password sign-in); sets the long-lived device cookie',
        body: trustDeviceInput,
        response: { 201: z.object({ device: tillDevice }), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, deps);
      const { device, token } = await inTenant(request, deps, async (scope, tx) => {
        const current = await findTrustedDevice(tx, request, scope.business);
        return trustTillDevice(
          {
            ...scope,
            input: {
              name: request.body.name,
              authMethod: staff.authMethod,
              userAgent: request.headers['user-agent'] ?? null,
              now: deps.now(),
              current,
            },
          },
          tx,
        );
      });
      if (token) setTillCookie(reply, request, deps, staff.business.slug, token);
      return reply.status(201).send({ device: toTillDevice(device, device.id) });
    },
  );

  app.delete(
    '/api/v1/till-devices/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke a till: PIN sign-in stops working there at once',
        params: idParams,
        response: { 200: z.object({ device: tillDevice }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { revoked, isThisDevice, slug } = await inTenant(request, deps, async (scope, tx) => {
        const current = await findTrustedDevice(tx, request, scope.business);
        const revoked = await revokeTillDevice(
          { ...scope, input: { id: request.params.id, now: deps.now() } },
          tx,
        );
        return { revoked, isThisDevice: current?.id === revoked.id, slug: scope.business.slug };
      });
      if (isThisDevice) clearTillCookie(reply, request, deps, slug);
      return { device: toTillDevice(revoked, isThisDevice ? revoked.id : null) };
    },
  );
}
