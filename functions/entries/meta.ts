import * as validators from '../generated/validators-meta.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { META_ENDPOINTS } from '../areas/meta/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import { metaOperations } from '../areas/meta/operations.js';

/** The endpoints this Lambda serves: its own declarations only; the catalogue loads with the document. */
export const endpoints = groupEndpoints('meta', { meta: META_ENDPOINTS });

/** Lambda entry for the meta group: the public OpenAPI document, the API reference page, the console. */
export const handler = createGroupHandler({
  group: 'meta',
  endpoints,
  operations: metaOperations(() =>
    import('../areas/meta/openapi-document.js').then((m) => m.catalogueDocumentText()),
  ),
  validators,
});
