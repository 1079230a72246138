/**
 * Where API keys live: one record per key in the organisation's key partition, and one global item per
 * live token hash. The hash item's key is defined beside the tenant prefix, because the platform's
 * authoriser finds it before it knows the tenant.
 */
import { keys, tenantPrefix, type Key } from '../../../platform/dynamo/keys.js';

export const apiKeyCollection = (orgId: string) => `${tenantPrefix(orgId)}#APIKEY`;
export const apiKeyKey = (orgId: string, keyId: string): Key => ({ PK: apiKeyCollection(orgId), SK: keyId });
export const apiKeyHashKey = keys.apiKeyHash;
