import type { App, AppDeps } from '../http/types.ts';
import { accountsRoutes } from './accounts/routes.ts';
import { adminRoutes } from './admin/index.ts';
import { auditRoutes } from './audit/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { customerRoutes } from './customers/routes.ts';
import { dashboardRoutes } from './dashboard/index.ts';
import { displayRoutes, pairedDisplaySubscriber } from './displays/index.ts';
import { employeeRoutes } from './employees/index.ts';
import { eventsRoutes } from './events/index.ts';
import { healthRoutes } from './health/routes.ts';
import { loyaltyRoutes } from './loyalty/index.ts';
import { mailRoutes } from './mail/routes.ts';
import { onboardingRoutes } from './onboarding/index.ts';
import { paymentRoutes } from './payments/routes.ts';
import { publicRoutes } from './public/routes.ts';
import { reportRoutes } from './reports/index.ts';
import { salesRoutes } from './sales/routes.ts';
import { settingsRoutes } from './settings/index.ts';
import { shiftRoutes } from './shifts/index.ts';
import { syncRoutes } from './sync/index.ts';

/** Every module's routes, in one list; a module is added here and nowhere else. */
const modules: ((app: App, deps: AppDeps) => Promise<void>)[] = [
  healthRoutes,
  publicRoutes,
  mailRoutes,
  accountsRoutes,
  adminRoutes,
  onboardingRoutes,
  salesRoutes,
  paymentRoutes,
  catalogRoutes,
  customerRoutes,
  employeeRoutes,
  dashboardRoutes,
  reportRoutes,
  auditRoutes,
  displayRoutes,
  shiftRoutes,
  loyaltyRoutes,
  settingsRoutes,
  syncRoutes,
  // A paired customer display hears its till's display events without a staff session.
  (app, deps) => eventsRoutes(app, deps, { resolvers: [pairedDisplaySubscriber] }),
];

export async function registerModules(app: App, deps: AppDeps): Promise<void> {
  for (const register of modules) await register(app, deps);
}
