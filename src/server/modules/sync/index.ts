export { syncRoutes } from './routes.ts';
