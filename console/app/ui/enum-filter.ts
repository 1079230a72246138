/**
 * A list filter's URL value (`status=SUBMITTED,APPROVED`) as the typed query takes it: only the values the
 * API knows, as a list, or undefined when none is set. The allowed values come from domain/ (the API's).
 */
export function enumList<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
): T[] | undefined {
  const values = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item): item is T => (allowed as readonly string[]).includes(item));
  return values.length > 0 ? values : undefined;
}

/** One value the API knows, or undefined. */
export const enumOne = <T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined =>
  enumList(value, allowed)?.[0];
