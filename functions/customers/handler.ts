import * as validators from '../generated/validators-customers.js';
import { createGroupHandler } from '../http/pipeline.js';
import { customerOperations } from './operations.js';

/** Lambda entry for the customers group: customers, their contacts and addresses, groups, sales reps. */
export const handler = createGroupHandler('customers', customerOperations, validators);
