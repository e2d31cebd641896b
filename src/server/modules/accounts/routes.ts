import type { App, AppDeps } from '../../http/types.ts';
import { authRoutes } from './auth-routes.ts';
import { scheduleAccountHousekeeping } from './housekeeping.ts';
import { meRoutes } from './me-routes.ts';

// Sign-up, sign-in (password and PIN), sign-out, password reset, and the signed-in person's own account.
export async function accountsRoutes(app: App, deps: AppDeps): Promise<void> {
  scheduleAccountHousekeeping(app, deps);
  await authRoutes(app, deps);
  await meRoutes(app, deps);
}
