import { invalidParameter } from '../errors.js';
import { parseInstant } from './query-params.js';

/** A comma list of enum values (`status=DRAFT,COMPLETED`); any unknown value is 400 invalid_parameter. */
export function commaList<T extends string>(
  name: string,
  raw: unknown,
  allowed: readonly T[],
): T[] | undefined {
  if (raw === undefined) return undefined;
  const values = String(raw)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const bad = values.find((v) => !(allowed as readonly string[]).includes(v));
  if (bad !== undefined) {
    throw invalidParameter(name, `has an unknown value '${bad}' (one of ${allowed.join(', ')})`);
  }
  return values as T[];
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date or instant bound as an ISO instant; a date-only upper bound covers the whole day in UTC. */
export function dateBound(name: string, raw: unknown, upper: boolean): string | undefined {
  if (raw === undefined) return undefined;
  const text = String(raw);
  const parsed = parseInstant(text);
  if (!parsed) throw invalidParameter(name, 'must be an ISO 8601 date or timestamp');
  if (upper && DATE_ONLY.test(text)) return `${text}T23:59:59.999Z`;
  return parsed.toISOString();
}

/** cuid2-shaped ids: a lowercase letter, then lowercase letters and digits. */
export const looksLikeCuid = (value: string): boolean => /^[a-z][a-z0-9]{1,63}$/.test(value);
