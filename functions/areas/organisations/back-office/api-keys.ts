/** The operator's `key` commands run the same steps as the API (steps/api-keys.ts), unbounded by a key. */
export {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
  DEFAULT_GRACE_HOURS,
} from '../steps/api-keys.js';
