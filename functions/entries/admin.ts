import * as validators from '../generated/validators-admin.js';
import { endpointsOf } from '../catalogue.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { organisationOperations } from '../areas/organisations/operations.js';

/** Lambda entry for the admin group: the organisation's keys, audit log, settings and exchange rates. */
export const handler = createGroupHandler({
  group: 'admin',
  endpoints: endpointsOf('admin'),
  operations: organisationOperations,
  validators,
});
