import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  changePasswordInput,
  forgotPasswordInput,
  handoffInput,
  meResponse,
  pinSignInInput,
  pinSignInResult,
  resetPasswordInput,
  sessionListResponse,
  signInInput,
  signUpInput,
  signUpResult,
  updateProfileInput,
} from '#domain/schemas/auth.ts';
import { notificationsResponse } from '#domain/schemas/notifications.ts';
import { sessions } from '../../db/schema/index.ts';
import { access, clearSessionCookie, requireStaff, staffCookieName } from '../../http/access.ts';
import { hashToken } from '../../http/session-token.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { redeemHandoff } from './handoff.ts';
import { scheduleAccountHousekeeping } from './housekeeping.ts';
import { listNotifications } from './notifications.ts';
import { checkResetLink, requestPasswordReset, resetPassword } from './password-reset.ts';
import { pinSignIn } from './pin-sign-in.ts';
import { changeOwnPassword, updateOwnProfile } from './profile.ts';
import { describeActor, endAllSessions, endOwnSession, listSessions } from './sessions.ts';
import { signIn } from './sign-in.ts';
import { signUp } from './sign-up.ts';

const ok = z.object({ ok: z.literal(true) });
const RESET_REQUESTED =
  'If an account with that email exists here, we have sent password reset instructions.';

// Sign-up, sign-in (password and PIN), sign-out, password reset, and the signed-in person's own account.
export async function accountsRoutes(app: App, deps: AppDeps): Promise<void> {
  scheduleAccountHousekeeping(app, deps);

  app.post(
    '/api/v1/auth/sign-up',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Create a business with its owner, signed in (platform §4 "Sign-up sequence")',
        body: signUpInput,
        response: { 201: signUpResult },
      },
    },
    async (request, reply) => {
      const result = await signUp(deps, request, reply, request.body);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/v1/auth/sign-in',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Password sign-in to the business of the address',
        body: signInInput,
        response: { 200: ok },
      },
    },
    async (request, reply) => {
      await signIn(deps, request, reply, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/auth/pin-sign-in',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'PIN quick login: a six-digit PIN names the person within the business (8-hour session)',
        body: pinSignInInput,
        response: { 200: pinSignInResult },
      },
    },
    async (request, reply) => pinSignIn(deps, request, reply, request.body.pin),
  );

  app.post(
    '/api/v1/auth/sign-out',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'End this browser’s session with the business',
        response: { 200: ok },
      },
    },
    async (request, reply) => {
      const slug = request.tenantSlug;
      if (!slug) return { ok: true as const };
      const token = request.cookies[staffCookieName(slug)];
      if (token) await deps.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      clearSessionCookie(reply, request, deps, staffCookieName(slug));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/auth/password-reset-requests',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Mail a single-use password reset link (the answer never tells whether the email exists)',
        body: forgotPasswordInput,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(deps, request, request.body.email);
      return reply.status(202).send({ message: RESET_REQUESTED });
    },
  );

  app.post(
    '/api/v1/auth/password-reset-checks',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link can still be used',
        body: handoffInput,
        response: { 200: z.object({ expires_at: z.iso.datetime() }) },
      },
    },
    async (request) => {
      const live = await checkResetLink(deps, request, request.body.token);
      return { expires_at: live.expiresAt.toISOString() };
    },
  );

  app.post(
    '/api/v1/auth/password-resets',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset link; ends every other session',
        body: resetPasswordInput,
        response: { 200: ok },
      },
    },
    async (request, reply) => {
      await resetPassword(deps, request, reply, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/auth/handoff',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Exchange the sign-up hand-off token for a session on the new business’s address',
        body: handoffInput,
        response: { 200: ok },
      },
    },
    async (request, reply) => {
      await redeemHandoff(deps, request, reply, request.body.token);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/me',
    {
      config: { access: access.staff },
      schema: {
        tags: ['me'],
        summary: 'The signed-in person: user, role, permissions, business and session',
        response: { 200: meResponse },
      },
    },
    async (request) => describeActor(deps, await requireStaff(request, deps)),
  );

  app.patch(
    '/api/v1/me',
    {
      config: { access: access.staff },
      schema: {
        tags: ['me'],
        summary: 'Update one’s own name and phone',
        body: updateProfileInput,
        response: { 200: meResponse },
      },
    },
    async (request) => {
      const actor = await requireStaff(request, deps);
      await updateOwnProfile(deps, actor, request.body);
      const { first_name, last_name, phone } = request.body;
      return describeActor(deps, {
        ...actor,
        user: { ...actor.user, firstName: first_name, lastName: last_name, phone },
      });
    },
  );

  app.post(
    '/api/v1/me/password',
    {
      config: { access: access.staff },
      schema: {
        tags: ['me'],
        summary: 'Change one’s own password; every other session ends',
        body: changePasswordInput,
        response: { 200: ok },
      },
    },
    async (request) => {
      await changeOwnPassword(deps, await requireStaff(request, deps), request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/me/sessions',
    {
      config: { access: access.staff },
      schema: {
        tags: ['me'],
        summary: 'One’s own signed-in sessions',
        response: { 200: sessionListResponse },
      },
    },
    async (request) => ({ sessions: await listSessions(deps, await requireStaff(request, deps)) }),
  );

  app.delete(
    '/api/v1/me/sessions/:id',
    {
      config: { access: access.staff },
      schema: {
        tags: ['me'],
        summary: 'Sign out one of one’s own sessions',
        params: z.object({ id: z.uuid('This session was not found or has already ended.') }),
        response: { 200: ok },
      },
    },
    async (request, reply) => {
      const actor = await requireStaff(request, deps);
      await endOwnSession(deps, actor, request.params.id);
      if (request.params.id === actor.sessionId) {
        clearSessionCookie(reply, request, deps, staffCookieName(actor.business.slug));
      }
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/me/sessions/sign-out-everywhere',
    {
      config: { access: access.staff },
      schema: {
        tags: ['me'],
        summary: 'End every session of one’s own, this one too',
        response: { 200: ok },
      },
    },
    async (request, reply) => {
      const actor = await requireStaff(request, deps);
      await endAllSessions(deps, actor.user.id);
      clearSessionCookie(reply, request, deps, staffCookieName(actor.business.slug));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/me/notifications',
    {
      config: { access: access.staff },
      schema: {
        tags: ['me'],
        summary: 'What the top bar’s bell lists for the signed-in person',
        response: { 200: notificationsResponse },
      },
    },
    async (request) => ({ notifications: await listNotifications(deps, await requireStaff(request, deps)) }),
  );
}
