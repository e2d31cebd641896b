import { z } from 'zod';
import {
  forgotPasswordInput,
  handoffInput,
  pinSignInInput,
  pinSignInResult,
  resetPasswordInput,
  signInInput,
  signUpInput,
  signUpResult,
  verifyEmailInput,
} from '#domain/schemas/auth.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { RATE_LIMITED } from '../../http/rate-limit.ts';
import { clearSessionCookie, staffCookieName } from '../../http/session-cookies.ts';
import { deleteSessionByToken } from '../../http/session-records.ts';
import { requireStaff } from '../../http/staff-session.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { isEmailVerified, resendEmailVerification, verifyEmail } from './email-verification.ts';
import { redeemHandoff } from './handoff.ts';
import { checkResetLink, requestPasswordReset, resetPassword } from './password-reset.ts';
import { pinSignIn } from './pin-sign-in.ts';
import { startStaffSession } from './sessions.ts';
import { signIn } from './sign-in.ts';
import { signUp } from './sign-up.ts';

export const ok = z.object({ ok: z.literal(true) });
const RESET_REQUESTED =
  'If an account with that email exists here, we have sent password reset instructions.';

// Sign-up, sign-in (password and PIN), sign-out, password reset and the sign-up hand-off: the public doors.
export async function authRoutes(app: App, deps: AppDeps): Promise<void> {
  app.post(
    '/api/v1/auth/sign-up',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Create a business with its owner, signed in (platform §4 "Sign-up sequence")',
        body: signUpInput,
        response: { 201: signUpResult, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const { result, sessionHere } = await signUp(deps, request, request.body);
      if (sessionHere) {
        const { owner, business } = sessionHere;
        await startStaffSession(deps.database.db, deps, request, reply, owner, business, 'password');
      }
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
        response: { 200: ok, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { user, business } = await signIn(deps, request, request.body);
      await startStaffSession(deps.database.db, deps, request, reply, user, business, 'password');
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
        response: { 200: pinSignInResult, ...errorResponses(401, 403, 404, 429) },
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
      if (token) await deleteSessionByToken(deps.database.db, token);
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
        response: { 202: z.object({ message: z.string() }), ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(deps, request, request.body.email);
      return reply.status(202).send({ message: RESET_REQUESTED });
    },
  );

  app.post(
    '/api/v1/auth/email-verifications',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: "Confirms the owner's email from the mailed link (the link may open in any browser)",
        body: verifyEmailInput,
        response: { 200: ok },
      },
    },
    async (request) => {
      await verifyEmail(deps, request, request.body.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/auth/email-verification-requests',
    {
      config: { access: access.staff },
      schema: {
        tags: ['auth'],
        summary: 'Mails the signed-in person a new email-verification link (3 an hour)',
        response: { 202: z.object({ message: z.string() }), ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, deps);
      if (await isEmailVerified(deps.database.db, staff.user.id)) {
        return reply.status(202).send({ message: 'Your email address is already verified.' });
      }
      const isSent = await resendEmailVerification(deps, request, staff.business, staff.user);
      if (!isSent) throw RATE_LIMITED(60 * 60_000, 'verification emails');
      return reply.status(202).send({ message: `We have sent a new link to ${staff.user.email}.` });
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
        response: { 200: ok, ...errorResponses(429) },
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
}
