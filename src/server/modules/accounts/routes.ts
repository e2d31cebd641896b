import type { App, AppDeps } from '../../http/types.ts';
import { authRoutes } from './auth-routes.ts';
import { scheduleAccountHousekeeping } from './housekeeping.ts';
import { meRoutes } from './me-routes.ts';
import { ownPinRoutes } from './own-pin.ts';
import { tillDeviceRoutes } from './till-device-routes.ts';

// Sign-up, sign-in (password and PIN), sign-out, password reset, the signed-in person's own account, and the
// browsers trusted as tills.
export async function accountsRoutes(app: App, deps: AppDeps): Promise<void> {
  scheduleAccountHousekeeping(app, deps);
  await authRoutes(app, deps);
  await meRoutes(app, deps);
  await ownPinRoutes(app, deps);
  await tillDeviceRoutes(app, deps);
}
