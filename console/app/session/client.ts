import { createClient, ok, type ApiClient } from '../../client/index.js';
import { apiBaseUrl } from './api-base.js';
import type { CurrentKey } from './can.js';

export const clientFor = (apiKey: string): ApiClient => createClient({ baseUrl: apiBaseUrl(), apiKey });

/** Checks a key as sign-in does: the API answers what it may do, or why not (401 with its message). */
export const describeKey = (apiKey: string): Promise<CurrentKey> =>
  ok(clientFor(apiKey).GET('/api-keys/current'));
