/**
 * Reading `-c name=value` context: on the command line every value is a string, in cdk.json or a test's
 * App it may be a boolean or a number, so each reader accepts both and refuses anything else by name
 * (a typo in a deploy command fails the synth instead of deploying a default).
 */
import type { Construct } from 'constructs';

const raw = (scope: Construct, name: string): unknown => scope.node.tryGetContext(name);

export function contextString(scope: Construct, name: string): string | undefined {
  const value = raw(scope, name);
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`context ${name} must be a string, not ${String(value)}`);
  return value;
}

export function contextFlag(scope: Construct, name: string, defaultValue: boolean): boolean {
  const value = raw(scope, name);
  if (value === undefined) return defaultValue;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`context ${name} must be true or false, not ${String(value)}`);
}

/** A number within `range` (default: above zero); `integer` refuses fractions. */
export function contextNumber(
  scope: Construct,
  name: string,
  defaultValue: number,
  range: { min?: number; max?: number; integer?: boolean } = {},
): number {
  const value = raw(scope, name);
  if (value === undefined) return defaultValue;
  const number = typeof value === 'number' ? value : Number(value);
  const { min, max = Infinity, integer = false } = range;
  const inRange =
    Number.isFinite(number) &&
    (min === undefined ? number > 0 : number >= min) &&
    number <= max &&
    (!integer || Number.isInteger(number));
  if (!inRange) {
    const bounds = `${min === undefined ? 'above 0' : `from ${min}`}${max === Infinity ? '' : ` to ${max}`}`;
    throw new Error(
      `context ${name} must be ${integer ? 'an integer' : 'a number'} ${bounds}, not ${String(value)}`,
    );
  }
  return number;
}
