/**
 * What can be an id. Every id the system creates is a cuid2 (24 lowercase letters and digits), sales reps
 * included (their id is the member's user id, also a cuid2); deliveries and events carry a `dlv_`/`evt_`
 * prefix. The rule is wider than that so any id a future source mints (uppercase, hyphens, UUIDs) keeps
 * working, yet narrow enough that a candidate always fits DynamoDB's key-size limits and never reaches
 * the table as a ValidationException (a 500).
 */
export const MAX_ID_LENGTH = 128;
export const ID_PATTERN = '^[A-Za-z0-9_-]+$';
const ID_SHAPE = new RegExp(ID_PATTERN);

export const canBeId = (value: string): boolean =>
  value.length > 0 && value.length <= MAX_ID_LENGTH && ID_SHAPE.test(value);

/** The names of the {params} in a path template, e.g. ["id", "contactId"]. */
export const pathParamNames = (template: string): string[] =>
  [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
