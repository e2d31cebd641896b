// The admin module's public face: its routes and its demo data.
export { DEMO_ADMIN, describeDemoAdmin, seedDemoAdmin } from './demo.ts';
export { adminRoutes } from './routes.ts';
