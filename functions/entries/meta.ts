import * as validators from '../generated/validators-meta.js';
import { ENDPOINTS, endpointsOf } from '../catalogue.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { metaOperations } from '../areas/meta/operations.js';

/** Lambda entry for the meta group: the public OpenAPI document. */
export const handler = createGroupHandler({
  group: 'meta',
  endpoints: endpointsOf('meta'),
  operations: metaOperations(ENDPOINTS),
  validators,
});
