import type { ErrorObject } from 'ajv';
import type { ErrorDetail } from '../../../domain/errors.js';
import {
  CARRIER_PATTERN,
  CARRIER_RULE,
  TRACKING_NUMBER_PATTERN,
  TRACKING_NUMBER_RULE,
} from '../../../domain/shipments/dispatch-details.js';

/** "/lines/0/productId" -> "lines[0].productId" */
function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function pathOf(error: ErrorObject): string {
  const base = pointerToPath(error.instancePath);
  if (error.keyword === 'required') {
    const missing = String(error.params.missingProperty);
    return base ? `${base}.${missing}` : missing;
  }
  return base;
}

/** Patterns a client meets, said in words rather than as the regular expression. */
const PATTERN_WORDS: Record<string, string> = {
  '\\S': 'must not be blank',
  '^[A-Za-z0-9_-]+$': 'may contain only letters, digits, _ and -',
  [CARRIER_PATTERN]: CARRIER_RULE,
  [TRACKING_NUMBER_PATTERN]: TRACKING_NUMBER_RULE,
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'must be an email address',
  'date-time': 'must be an ISO 8601 date-time',
  date: 'must be an ISO 8601 date (YYYY-MM-DD)',
  uri: 'must be an absolute URI',
};

const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** What a `not` subschema forbids, in words: `not: {}` (any value), `not: { const }`, `not: { enum }`. */
function notMessage(schema: unknown): string {
  const forbidden = (schema ?? {}) as { const?: unknown; enum?: unknown[] };
  if (Object.keys(forbidden).length === 0) return 'is not accepted';
  if ('const' in forbidden) return `must not be ${shown(forbidden.const)}`;
  if (Array.isArray(forbidden.enum)) return `must not be any of ${forbidden.enum.map(shown).join(', ')}`;
  return 'is not an accepted value';
}

/** Every keyword a client can meet, said in words (never ajv's "must NOT be valid" or a schema name). */
function messageOf(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'false schema':
    case 'additionalProperties':
      return 'is not accepted';
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${shown(error.params.allowedValue)}`;
    case 'type':
      return `must be ${String(error.params.type).replace(',', ' or ')}`;
    case 'pattern':
      return PATTERN_WORDS[String(error.params.pattern)] ?? `must match ${String(error.params.pattern)}`;
    case 'format': {
      const format = error.params.format as string | undefined;
      if (!format) return 'is invalid';
      return FORMAT_WORDS[format] ?? `must be a valid ${format}`;
    }
    case 'not':
      return notMessage(error.schema);
    case 'uniqueItems':
      return `must not repeat a value (items ${String(error.params.j)} and ${String(error.params.i)} are the same)`;
    case 'anyOf':
    case 'oneOf':
      return 'does not match any accepted form';
    case 'if':
      return 'does not meet the conditions for this field';
    default:
      // Length, size and range keywords: ajv's own words ("must NOT have more than 20 characters", "must be <= 1").
      return error.message ?? 'is invalid';
  }
}

/**
 * One detail per failing field, in the order ajv met them. A nullable field fails once per anyOf branch;
 * those are folded into one message ("must be string or null") unless one branch failed on something
 * other than its type (a too-long string), which is the message worth showing.
 */
export function toErrorDetails(errors: readonly ErrorObject[]): ErrorDetail[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const error of errors) {
    const path = pathOf(error);
    byPath.set(path, [...(byPath.get(path) ?? []), error]);
  }
  return [...byPath].map(([path, group]) => {
    // A format failure says more than the alternatives tried around it (an email that may also be "").
    const specific =
      group.find((e) => e.keyword === 'format') ??
      group.find((e) => e.keyword !== 'type' && e.keyword !== 'anyOf');
    if (specific) return { path: path || 'body', message: messageOf(specific) };
    const types = group.filter((e) => e.keyword === 'type').map((e) => String(e.params.type));
    return { path: path || 'body', message: `must be ${[...new Set(types)].join(' or ')}` };
  });
}
