/**
 * A record form's values (ui/record-form.tsx) and their conversion to the API's body: text as typed and
 * ticks in the form, typed values (null for a cleared field) in the body, and the fields an edit changed.
 */

/** What is in the form's controls: text as typed, checkboxes as ticks. */
export type FormValues = Readonly<Record<string, string | boolean>>;

// Converters from the form's strings to the API's values, for the screens' `toBody`.
const raw = (values: FormValues, name: string) => {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : '';
};
/** A text the API requires or takes as "" (a code, a name, an email). */
export const text = (values: FormValues, name: string): string => raw(values, name);
/** An optional text: empty is null (the field cleared). */
export const textOrNull = (values: FormValues, name: string): string | null => raw(values, name) || null;
/** An optional number: empty is null. */
export const numberOrNull = (values: FormValues, name: string): number | null => {
  const value = raw(values, name);
  return value === '' ? null : Number(value);
};
/** A number the API does not take as null: empty leaves it out. */
export const numberOrOmit = (values: FormValues, name: string): number | undefined =>
  numberOrNull(values, name) ?? undefined;
export const flag = (values: FormValues, name: string): boolean => values[name] === true;
/** One of a closed set (the schema's enum), or left out when the form holds something else. */
export const oneOf = <T extends string>(values: FormValues, name: string, set: readonly T[]): T | undefined =>
  set.find((member) => member === raw(values, name));
/** A record's value as the form shows it. */
export const shown = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** The fields of `next` whose value differs from `before`: what a merge-patch should carry. */
export function changedFields<T extends object>(next: T, before: T): Partial<T> {
  const patch: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(before[key])) patch[key] = next[key];
  }
  return patch;
}
