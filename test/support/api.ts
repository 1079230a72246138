import { dispatch } from '../../infra/local/http-adapter.js';
import { createApiKey } from '../../functions/areas/organisations/back-office/api-keys.js';
import { createOrganisation } from '../../functions/areas/organisations/back-office/organisations.js';
import { setOrganisationLimits } from '../../functions/platform/access/rate-limits.js';
import type { PermissionGrant } from '../../domain/auth/permissions.js';
import type { Scope } from '../../domain/auth/scopes.js';
import { assertResponseConforms } from './response-schema.js';

export interface Response<T = any> {
  status: number;
  headers: Record<string, string>;
  body: T;
  raw: string;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  /** Defaults to a fresh address per call, so failed-auth throttling only meets the tests aimed at it. */
  sourceIp?: string;
}

const randomTestIp = () =>
  `2001:db8::${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;

/** Calls the API in-process through the same routing and Lambda handlers the local server uses. */
export async function call<T = any>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Response<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  const raw = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (raw !== undefined) headers['content-type'] ??= 'application/json';
  const query = new URLSearchParams(
    Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  const result = await dispatch({
    method,
    path: `/api/v1${path}`,
    query,
    headers,
    body: raw === undefined ? undefined : Buffer.from(raw),
    sourceIp: options.sourceIp ?? randomTestIp(),
  });
  const normalised = Object.fromEntries(Object.entries(result.headers).map(([k, v]) => [k.toLowerCase(), v]));
  // A 304 (conditional GET) has no body; the API reference page and its script are not JSON.
  const json = (normalised['content-type'] ?? '').startsWith('application/json');
  const body = (result.body === '' ? undefined : json ? JSON.parse(result.body) : result.body) as T;
  assertResponseConforms(method, `/api/v1${path}`, result.statusCode, body);
  return { status: result.statusCode, headers: normalised, body, raw: result.body };
}

export interface Tenant {
  orgId: string;
  key: string;
  keyId: string;
}

/**
 * A fresh organisation with a write key holding every permission: tests never share data. Its rate limits
 * are raised so that busy test files never meet them, unless a test asks for the spec's defaults.
 */
export async function newTenant(
  name = 'Test org',
  options: { defaultLimits?: boolean } = {},
): Promise<Tenant> {
  const org = await createOrganisation({ name });
  if (!options.defaultLimits) await setOrganisationLimits(org.id, { perKey: 100_000, perOrg: 100_000 });
  const key = await createApiKey({ orgId: org.id, scopes: ['write'], permissions: 'all' });
  return { orgId: org.id, key: key.key, keyId: key.id };
}

export async function keyFor(
  orgId: string,
  scopes: Scope[],
  permissions: PermissionGrant = 'all',
): Promise<string> {
  return (await createApiKey({ orgId, scopes, permissions })).key;
}
