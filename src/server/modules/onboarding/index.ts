export { onboardingRoutes } from './routes.ts';
