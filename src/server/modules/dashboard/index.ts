// The dashboard reads other modules' figures through their index.ts; nothing of it is used elsewhere but its routes.
export { dashboardRoutes } from './routes.ts';
