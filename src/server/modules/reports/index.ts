// Reports read other modules' tables only through SQL aggregates; nothing of this module is used elsewhere but
// its routes (and the benchmark, which times each query).
export { reportRoutes } from './routes.ts';
