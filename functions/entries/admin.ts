import * as validators from '../generated/validators-admin.js';
import { groupEndpoints } from '../platform/catalogue/group-endpoints.js';
import { ORGANISATION_ENDPOINTS } from '../areas/organisations/endpoints.js';
import { createGroupHandler } from '../platform/http/pipeline.js';
import type { AreaLoaders } from '../platform/http/operation-source.js';

/** The endpoints this Lambda serves: its own areas' declarations only (not the whole catalogue). */
export const endpoints = groupEndpoints('admin', { organisations: ORGANISATION_ENDPOINTS });

/** Each area's operations, imported by the area's first request (platform/http/operation-source.ts). */
export const areas: AreaLoaders = {
  organisations: () => import('../areas/organisations/operations.js').then((m) => m.organisationOperations),
};

/** Lambda entry for the admin group: the organisation's keys, audit log, settings and exchange rates. */
export const handler = createGroupHandler({
  group: 'admin',
  endpoints,
  areas,
  validators,
});
