// One file per area; every table the app queries is exported here.
export * from './accounts.ts';
export * from './audit.ts';
export * from './catalog.ts';
export * from './customers.ts';
export * from './devices.ts';
export * from './display-pairings.ts';
export * from './invitations.ts';
export * from './live-events.ts';
export * from './loyalty.ts';
export * from './mail.ts';
export * from './offline.ts';
export * from './payments.ts';
export * from './platform.ts';
export * from './rate-limits.ts';
export * from './sales.ts';
export * from './shifts.ts';
export * from './stock.ts';
