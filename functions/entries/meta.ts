import * as validators from '../generated/validators-meta.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { META_ENDPOINTS } from '../areas/meta/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import type { AreaLoaders } from '../platform/http/operation-source.js';

/** The endpoints this Lambda serves: its own declarations only; the catalogue loads with the document. */
export const endpoints = groupEndpoints('meta', { meta: META_ENDPOINTS });

/** Each area's operations, imported by the area's first request (platform/http/operation-source.ts). */
export const areas: AreaLoaders = {
  meta: () =>
    import('../areas/meta/operations.js').then((m) =>
      m.metaOperations(() =>
        import('../areas/meta/openapi-document.js').then((d) => d.catalogueDocumentText()),
      ),
    ),
};

/** Lambda entry for the meta group: the public OpenAPI document, the API reference page, the console. */
export const handler = createGroupHandler({
  group: 'meta',
  endpoints,
  areas,
  validators,
});
