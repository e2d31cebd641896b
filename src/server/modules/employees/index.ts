// What other modules may use of employees: nothing yet; its routes are registered with the others.

export { employeeRoutes } from './routes.ts';
