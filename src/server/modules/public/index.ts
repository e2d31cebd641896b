// What other modules may use of the public site's module.
export { isBusinessNameTaken } from './service.ts';
