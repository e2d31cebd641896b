// What other modules may use of the shifts module: sales and refunds record the shift their cashier has open.
export { openShiftIdExpression, openShiftIdOf } from './queries.ts';
export { shiftRoutes } from './routes.ts';
