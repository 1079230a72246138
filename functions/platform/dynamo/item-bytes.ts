/**
 * How DynamoDB sizes what a read reads: an item's size as it counts names and values (entryBytes: the
 * probe's bound, and the bench's unit), and a Query's bytes as it bills them (billedBytes: the read
 * budget's measure, read-budget.ts).
 */
import type { QueryCommandOutput } from '@aws-sdk/lib-dynamodb';

/**
 * The item size a budgeted read assumes before a call of its request has measured one: a first call reads
 * at most the bytes left over this plus one item (65 with the whole ~1 MB; 9 with the allowance after a
 * probe), and the next calls are sized on the mean measured. Items larger than this can pass the bytes
 * left by their excess over it, in that first call only.
 */
export const ASSUMED_ROW_BYTES = 16_384;

/**
 * About a value's size as DynamoDB counts it: strings and binaries their bytes, numbers a byte per two
 * digits plus one, maps and lists 3 bytes plus a byte per element (and a map's names).
 */
function dynamoBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(value).replace(/[-.]/g, '').length / 2) + 1;
  if (value instanceof Uint8Array) return value.length;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + 1 + dynamoBytes(v), 3);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).reduce((n, [k, v]) => n + 1 + Buffer.byteLength(k) + dynamoBytes(v), 3);
  }
  return 1;
}

/** An index entry's size: its attributes' names and values (the probe's unit; the bench sizes with it). */
export const entryBytes = (item: Record<string, unknown>): number =>
  Object.entries(item).reduce((n, [name, value]) => n + Buffer.byteLength(name) + dynamoBytes(value), 0);

/**
 * The bytes a Query read, as DynamoDB bills and bounds them: its consumed capacity (4 KB units, an
 * eventually consistent unit 8 KB), which counts the rows a filter drops and the rows a COUNT page does not
 * return. Without it (an endpoint that does not report capacity) the returned items' sizes.
 */
export function billedBytes(
  page: Pick<QueryCommandOutput, 'ConsumedCapacity' | 'Items'>,
  consistent: boolean | undefined,
): number {
  const units = page.ConsumedCapacity?.CapacityUnits;
  if (units !== undefined) return units * (consistent ? 4_096 : 8_192);
  return (page.Items ?? []).reduce((n, item) => n + entryBytes(item), 0);
}
