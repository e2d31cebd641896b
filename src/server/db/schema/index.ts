// One file per area; every table the app queries is exported here.
export * from './catalog.ts';
export * from './customers.ts';
export * from './mail.ts';
export * from './platform.ts';
export * from './rate-limits.ts';
export * from './stock.ts';
