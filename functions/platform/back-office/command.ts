/**
 * The back office's command shape and flag parsers. Each area registers its commands in
 * functions/areas/<area>/commands.ts; the admin CLI (infra/admin) merges them.
 */
import { readFileSync } from 'node:fs';
import { isPermission, type PermissionGrant } from '../../../domain/auth/permissions.js';
import { isScope, type Scope } from '../../../domain/auth/scopes.js';
import { parseInstant } from '../../../domain/listing/query-params.js';

/** A bad or missing flag value: the CLI prints usage and exits 2. */
export class UsageError extends Error {}

type Values = Record<string, string | undefined>;

export interface Command {
  usage: string;
  flags: string[];
  /** Flags among `flags` that take no value (present means true). */
  switches?: string[];
  required: string[];
  run: (values: Values) => Promise<unknown>;
}

export const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function scopesFlag(value: string | undefined): Scope[] {
  const scopes = value === undefined ? ['write'] : list(value);
  const bad = scopes.find((s) => !isScope(s));
  if (bad !== undefined || scopes.length === 0) throw new UsageError(`invalid scope '${bad ?? ''}'`);
  return scopes as Scope[];
}

export function permissionsFlag(value: string | undefined): PermissionGrant {
  if (value === undefined || value === 'all') return 'all';
  const permissions = list(value);
  const bad = permissions.find((p) => !isPermission(p));
  if (bad !== undefined) throw new UsageError(`unknown permission '${bad}'`);
  return permissions as PermissionGrant;
}

export function numberFlag(name: string, value: string | undefined, integer = false): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (
    value.trim() === '' ||
    !Number.isFinite(parsed) ||
    (integer && !Number.isInteger(parsed)) ||
    parsed < 0
  ) {
    throw new UsageError(`--${name} must be a ${integer ? 'whole ' : ''}number >= 0`);
  }
  return parsed;
}

export function instantFlag(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = parseInstant(value);
  if (!parsed) throw new UsageError(`--${name} must be an ISO 8601 timestamp`);
  return parsed.toISOString();
}

export function jsonFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--file ${path}: ${(error as Error).message}`);
  }
}

export type Commands = Record<string, Command>;
