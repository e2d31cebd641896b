// What other modules may use of the customer book: the sales module updates a customer's stats inside the
// sale's (or refund's) transaction, and may read a customer.

export { seedDemoCustomers } from './demo-customers.ts';
export { CUSTOMER_NOT_FOUND } from './errors.ts';
export { applyCustomerStats, type CustomerStatsChange, findCustomer, toCustomer } from './service.ts';
