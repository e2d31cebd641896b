// What other modules may use of the customer book: the sales module updates a customer's stats inside the
// sale's (or refund's) transaction, and may read a customer.

export { seedDemoCustomers } from './demo-customers.ts';
export { CUSTOMER_NOT_FOUND } from './errors.ts';
// The dashboard's customer card uses the summary.
export { customerSummary, findCustomer, toCustomer } from './service.ts';
export { recordVisit, recordVisitStatement, reverseVisit, type Visit } from './visits.ts';
