import { invalidParameter } from '../errors.js';

/**
 * Declarations of query parameters. The endpoint catalogue uses them to parse requests and to describe
 * them in the OpenAPI document, so one declaration drives both.
 */
export type QueryParam = {
  name: string;
  description: string;
  /** Missing (or empty) is 400 invalid_parameter; the reports' date windows need this. */
  required?: boolean;
} & (
  | { type: 'integer'; minimum?: number; default?: number }
  | { type: 'number'; exclusiveMinimum?: number; default?: number }
  | { type: 'string'; maxLength?: number }
  | { type: 'boolean'; acceptsOne?: boolean }
  | { type: 'date-time' }
  | { type: 'enum'; values: readonly string[]; caseInsensitive?: boolean; default?: string }
  | { type: 'id' }
  /** `status=DRAFT,COMPLETED`: parsed to the canonical values; an unknown one is 400. */
  | { type: 'enum-list'; values: readonly string[]; caseInsensitive?: boolean; maxLength?: number }
  /** A date or instant, parsed to an ISO instant; a date-only upper bound ('to') covers its whole UTC day. */
  | { type: 'date-bound'; bound: 'from' | 'to'; maxLength?: number }
);

export type QueryValue = string | number | boolean | Date | readonly string[];
export type ParsedQuery = Record<string, QueryValue | undefined>;

/** What parseQuery yields for one declared parameter (see parseOne). */
type ParsedValue<P extends QueryParam> = P extends { type: 'integer' | 'number' }
  ? number
  : P extends { type: 'string' | 'id' | 'date-bound' }
    ? string
    : P extends { type: 'boolean' }
      ? boolean
      : P extends { type: 'date-time' }
        ? Date
        : P extends { type: 'enum'; values: readonly (infer V)[] }
          ? V
          : P extends { type: 'enum-list'; values: readonly (infer V)[] }
            ? V[]
            : never;

/** Always present once parsed: a missing required parameter is 400, a missing defaulted one its default. */
type AlwaysPresent = { required: true } | { default: number | string };

/**
 * The parsed query of a declaration's parameter list, one key per declared name. Declarations whose names
 * are not literal types (a plain QueryParam[]) give the untyped ParsedQuery.
 */
export type QueryOf<Q extends readonly QueryParam[]> = string extends Q[number]['name']
  ? ParsedQuery
  : {
      [P in Q[number] as P extends AlwaysPresent ? P['name'] : never]: ParsedValue<P>;
    } & {
      [P in Q[number] as P extends AlwaysPresent ? never : P['name']]?: ParsedValue<P>;
    };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function parseInstant(raw: string): Date | null {
  if (!ISO_INSTANT.test(raw)) return null;
  // A date-time without a zone is UTC, never the server's local time.
  const zoned = raw.includes('T') && !/(Z|[+-]\d{2}:?\d{2})$/.test(raw) ? `${raw}Z` : raw;
  const date = new Date(zoned);
  if (Number.isNaN(date.getTime())) return null;
  // Date rolls impossible days over (2024-02-30 becomes 2024-03-01); such a date is not an instant.
  const [year, month, day] = raw.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  return calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day ? date : null;
}

function enumList<T extends string>(
  name: string,
  raw: string,
  allowed: readonly T[],
  caseInsensitive: boolean | undefined,
): T[] {
  const values = raw
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return values.map((value) => {
    const match = allowed.find((v) =>
      caseInsensitive ? v.toLowerCase() === value.toLowerCase() : v === value,
    );
    if (match === undefined) {
      throw invalidParameter(name, `has an unknown value '${value}' (one of ${allowed.join(', ')})`);
    }
    return match;
  });
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function instantBound(name: string, raw: string, upper: boolean): string {
  const parsed = parseInstant(raw);
  if (!parsed) throw invalidParameter(name, 'must be an ISO 8601 date or timestamp');
  if (upper && DATE_ONLY.test(raw)) return `${raw}T23:59:59.999Z`;
  return parsed.toISOString();
}

/** A comma list of enum values (`status=DRAFT,COMPLETED`); any unknown value is 400 invalid_parameter. */
export const commaList = <T extends string>(
  name: string,
  raw: unknown,
  allowed: readonly T[],
  options: { caseInsensitive?: boolean } = {},
): T[] | undefined =>
  raw === undefined ? undefined : enumList(name, String(raw), allowed, options.caseInsensitive);

/** A date or instant bound as an ISO instant; a date-only upper bound covers the whole day in UTC. */
export const dateBound = (name: string, raw: unknown, upper: boolean): string | undefined =>
  raw === undefined ? undefined : instantBound(name, String(raw), upper);

function checkLength(param: QueryParam & { maxLength?: number }, raw: string): void {
  if (param.maxLength !== undefined && raw.length > param.maxLength) {
    throw invalidParameter(param.name, `must be at most ${param.maxLength} characters`);
  }
}

function parseOne(param: QueryParam, raw: string): QueryValue {
  switch (param.type) {
    case 'integer': {
      if (!/^-?\d+$/.test(raw)) throw invalidParameter(param.name, 'must be an integer');
      const value = Number(raw);
      if (param.minimum !== undefined && value < param.minimum) {
        throw invalidParameter(param.name, `must be at least ${param.minimum}`);
      }
      return value;
    }
    case 'number': {
      // Plain decimal notation only: Number() would also take hex, binary and padded spellings.
      const value = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isFinite(value)) throw invalidParameter(param.name, 'must be a number');
      if (param.exclusiveMinimum !== undefined && value <= param.exclusiveMinimum) {
        throw invalidParameter(param.name, `must be greater than ${param.exclusiveMinimum}`);
      }
      return value;
    }
    case 'string':
      checkLength(param, raw);
      return raw;
    case 'boolean': {
      const value = raw.toLowerCase();
      if (value === 'true' || (param.acceptsOne && value === '1')) return true;
      if (value === 'false' || (param.acceptsOne && value === '0')) return false;
      throw invalidParameter(
        param.name,
        param.acceptsOne ? 'must be true, false, 1 or 0' : 'must be true or false',
      );
    }
    case 'date-time': {
      const value = parseInstant(raw);
      if (!value) throw invalidParameter(param.name, 'must be an ISO 8601 timestamp');
      return value;
    }
    case 'enum': {
      const match = param.values.find((v) =>
        param.caseInsensitive ? v.toLowerCase() === raw.toLowerCase() : v === raw,
      );
      if (match === undefined)
        throw invalidParameter(param.name, `must be one of ${param.values.join(', ')}`);
      return match;
    }
    case 'id':
      // A malformed id can never exist, so it is treated like an unknown one by the endpoint.
      return raw;
    case 'enum-list':
      checkLength(param, raw);
      return enumList(param.name, raw, param.values, param.caseInsensitive);
    case 'date-bound':
      checkLength(param, raw);
      return instantBound(param.name, raw, param.bound === 'to');
  }
}

/** Parses the declared parameters; undeclared ones are ignored, as clients may send extras. */
export function parseQuery(
  params: readonly QueryParam[],
  raw: Record<string, string | undefined> | null | undefined,
): ParsedQuery {
  const parsed: ParsedQuery = {};
  for (const param of params) {
    const value = raw?.[param.name];
    if (value === undefined || value === '') {
      if (param.required) throw invalidParameter(param.name, 'is required');
      if ('default' in param && param.default !== undefined) parsed[param.name] = param.default;
      continue;
    }
    parsed[param.name] = parseOne(param, value);
  }
  return parsed;
}
