import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { AppError } from './errors.ts';
import type { App, AppDeps } from './types.ts';

/**
 * Routes a person may use only once their email is verified: those that send mail to other people (and,
 * when it comes, inviting staff). A self-signed-up owner who has not opened the mailed link could otherwise
 * use someone else's address, or the product, to reach strangers (docs/decisions.md).
 */
export const VERIFIED_EMAIL_ROUTES: { method: string; url: string }[] = [
  { method: 'POST', url: '/api/v1/sales/:id/email-receipt' },
];

export const EMAIL_VERIFICATION_REQUIRED = () =>
  new AppError(
    'ACCOUNTS_EMAIL_VERIFICATION_REQUIRED',
    'Verify your email address first: open the link we mailed you when you signed up.',
    403,
  );

/** Refuses those routes to a signed-in person whose email is not verified; runs after the access check. */
export function registerVerifiedEmailCheck(app: App, deps: AppDeps): void {
  app.addHook('preHandler', async (request) => {
    const staff = request.staff;
    if (!staff) return;
    const url = request.routeOptions.url;
    if (!VERIFIED_EMAIL_ROUTES.some((route) => route.method === request.method && route.url === url)) return;
    const [row] = await deps.database.db
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, staff.user.id))
      .limit(1);
    if (!row?.emailVerified) throw EMAIL_VERIFICATION_REQUIRED();
  });
}
