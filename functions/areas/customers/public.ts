/**
 * What other areas may use of customers: the only module of this area that another area imports (lint
 * enforces it), so its stores and back office can change without touching their callers.
 */
export { customerAccountKey, getCustomerAccount } from './store/account.js';
export { customerKey, customerProductDiscountKey, customers, getCustomer } from './store/customers.js';
export { salesReps } from './store/sales-reference.js';
export { customerPriceInputs } from './price-inputs.js';
