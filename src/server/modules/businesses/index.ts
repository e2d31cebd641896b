// What other modules may use of businesses: creating one (sign-up, the admin area, the demo data).

export { type CreatedBusiness, createBusiness, type NewBusiness, type NewOwner } from './create-business.ts';
