import type { App, AppDeps } from '../http/types.ts';
import { healthRoutes } from './health/routes.ts';
import { mailRoutes } from './mail/routes.ts';
import { publicRoutes } from './public/routes.ts';

/** Every module's routes, in one list; a module is added here and nowhere else. */
const modules: ((app: App, deps: AppDeps) => Promise<void>)[] = [healthRoutes, publicRoutes, mailRoutes];

export async function registerModules(app: App, deps: AppDeps): Promise<void> {
  for (const register of modules) await register(app, deps);
}
