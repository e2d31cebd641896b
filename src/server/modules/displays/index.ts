// Customer displays on another device, paired with one till by a short code. Others use: the event stream's
// subscriber for a paired display (composed in modules/index.ts), the cookie name (sign-out leaves it alone).
export { displayCookieName } from './pairing.ts';
export { displayRoutes, pairedDisplaySubscriber } from './routes.ts';
