import * as validators from '../generated/validators-meta.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { META_ENDPOINTS } from '../areas/meta/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import type { AreaLoaders } from '../platform/http/operation-source.js';
import { metaOperations } from '../areas/meta/operations.js';

/** The endpoints this Lambda serves: its own declarations only; the catalogue loads with the document. */
export const endpoints = groupEndpoints('meta', { meta: META_ENDPOINTS });

/**
 * The meta operations are imported statically, unlike other areas': they find the renderer and the
 * console's files beside their own module (import.meta.url), which must stay index.mjs, not a chunk.
 */
const operations = metaOperations(() =>
  import('../areas/meta/openapi-document.js').then((m) => m.catalogueDocumentText()),
);
export const areas: AreaLoaders = { meta: async () => operations };

/** Lambda entry for the meta group: the public OpenAPI document, the API reference page, the console. */
export const handler = createGroupHandler({
  group: 'meta',
  endpoints,
  areas,
  validators,
});
