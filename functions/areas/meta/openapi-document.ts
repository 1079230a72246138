/**
 * The OpenAPI document of the whole catalogue. The meta Lambda loads this module on the first
 * GET /openapi.json rather than at import (issue 29 item 1): every area's declarations and the document
 * builder are most of what its bundle holds, and its other pages never need them.
 */
import { ENDPOINTS } from '../../catalogue.js';
import { buildOpenApi } from '../../platform/openapi/build.js';
import { JsonText } from '../../platform/http/render.js';

let serialised: JsonText | undefined;

/** The document as GET /openapi.json sends it: serialised once per container, as it never changes. */
export const catalogueDocumentText = (): JsonText =>
  (serialised ??= new JsonText(JSON.stringify(buildOpenApi(ENDPOINTS))));
