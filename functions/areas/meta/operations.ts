import type { OperationsOf } from '../../platform/http/types.js';
import type { META_ENDPOINTS } from './endpoints.js';
import { buildOpenApi } from '../../platform/openapi/build.js';

export const metaOperations: OperationsOf<typeof META_ENDPOINTS> = {
  getOpenApi: async () => ({ body: buildOpenApi() }),
};
