import { z } from 'zod';
import {
  changePasswordInput,
  meResponse,
  sessionListResponse,
  sessionProbeResponse,
  updateProfileInput,
} from '#domain/schemas/auth.ts';
import { notificationsResponse } from '#domain/schemas/notifications.ts';
import { withSystem } from '../../db/tenant.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { consumeRateLimit, resetRateLimit } from '../../http/rate-limit.ts';
import { clearSessionCookie, staffCookieName } from '../../http/session-cookies.ts';
import { actorOf, inOwnAccount, inTenant, staffScope } from '../../http/staff-scope.ts';
import { loadStaff } from '../../http/staff-session.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { ok } from './auth-routes.ts';
import { describeMe } from './me.ts';
import { listNotifications } from './notifications.ts';
import { endAllOwnSessions, endOwnSession, listOwnSessions } from './own-sessions.ts';
import { changeOwnPassword, passwordChangeLimit, updateOwnProfile } from './profile.ts';

const config = { access: access.staff };
const tags = ['me'];

// The signed-in person's own account: who they are, their profile and password, sessions and notifications.
export async function meRoutes(app: App, deps: AppDeps): Promise<void> {
  app.get(
    '/api/v1/me',
    {
      config,
      schema: {
        tags,
        summary: 'The signed-in person: user, role, permissions, business and session',
        response: { 200: meResponse },
      },
    },
    (request) =>
      inOwnAccount(request, deps, (scope, tx) => describeMe({ ...scope, input: { now: deps.now() } }, tx)),
  );

  app.get(
    '/api/v1/session',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary:
          'Who is signed in to this business, or null: for pages that must not treat signed out as an error',
        response: { 200: sessionProbeResponse },
      },
    },
    async (request) => {
      const staff = await loadStaff(request, deps);
      if (!staff) return { me: null };
      const scope = { businessId: staff.business.id, actor: actorOf(staff) };
      return {
        me: await withSystem(deps.database.db, (tx) =>
          describeMe({ ...scope, input: { now: deps.now() } }, tx),
        ),
      };
    },
  );

  app.patch(
    '/api/v1/me',
    {
      config,
      schema: {
        tags,
        summary: 'Update one’s own name and phone',
        body: updateProfileInput,
        response: { 200: meResponse },
      },
    },
    async (request) => {
      await inTenant(request, deps, (scope, tx) =>
        updateOwnProfile({ ...scope, input: { ...request.body, now: deps.now() } }, tx),
      );
      return inOwnAccount(request, deps, (scope, tx) =>
        describeMe({ ...scope, input: { now: deps.now() } }, tx),
      );
    },
  );

  app.post(
    '/api/v1/me/password',
    {
      config,
      schema: {
        tags,
        summary: 'Change one’s own password; every other session ends',
        body: changePasswordInput,
        response: { 200: ok, ...errorResponses(429) },
      },
    },
    async (request) => {
      // Counted outside the transaction: a wrong current password rolls the change back, not the count.
      const limit = passwordChangeLimit((await staffScope(request, deps)).actor);
      await consumeRateLimit(deps, limit);
      await inOwnAccount(request, deps, (scope, tx) =>
        changeOwnPassword({ ...scope, input: { ...request.body, now: deps.now() } }, tx),
      );
      await resetRateLimit(deps, limit.key);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/me/sessions',
    {
      config,
      schema: { tags, summary: 'One’s own signed-in sessions', response: { 200: sessionListResponse } },
    },
    async (request) => ({
      sessions: await inOwnAccount(request, deps, (scope, tx) =>
        listOwnSessions({ ...scope, input: { now: deps.now() } }, tx),
      ),
    }),
  );

  app.delete(
    '/api/v1/me/sessions/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Sign out one of one’s own sessions',
        params: z.object({ id: z.uuid('This session was not found or has already ended.') }),
        response: { 200: ok },
      },
    },
    async (request, reply) => {
      const { business, actor } = await inOwnAccount(request, deps, async (scope, tx) => {
        await endOwnSession({ ...scope, input: { sessionId: request.params.id } }, tx);
        return scope;
      });
      if (request.params.id === actor.sessionId) {
        clearSessionCookie(reply, request, deps, staffCookieName(business.slug));
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/me/sessions/sign-out-everywhere',
    {
      config,
      schema: { tags, summary: 'End every session of one’s own, this one too', response: { 200: ok } },
    },
    async (request, reply) => {
      const { business } = await inOwnAccount(request, deps, async (scope, tx) => {
        await endAllOwnSessions({ ...scope, input: null }, tx);
        return scope;
      });
      clearSessionCookie(reply, request, deps, staffCookieName(business.slug));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/me/notifications',
    {
      config,
      schema: {
        tags,
        summary: 'What the top bar’s bell lists for the signed-in person',
        response: { 200: notificationsResponse },
      },
    },
    async (request) => ({
      notifications: await inOwnAccount(request, deps, (scope, tx) =>
        listNotifications({ ...scope, input: { now: deps.now(), timezone: scope.business.timezone } }, tx),
      ),
    }),
  );
}
