import * as validators from '../generated/validators-suppliers.js';
import { createGroupHandler } from '../http/pipeline.js';
import { supplierOperations } from './operations.js';

/** Lambda entry for the suppliers group: suppliers, their locations and price lists. */
export const handler = createGroupHandler('suppliers', supplierOperations, validators);
