/**
 * The packed form of a collection's slim rows (the projection's snapshot): rows turned into columns (one
 * array of values per field, so a field's values sit together: timestamps beside timestamps, flags beside
 * flags) as JSON, then brotli. A column compresses several times better than the same values spread over
 * DynamoDB items, each with its own keys and field names. The rows are split into chunks whose packed
 * size stays under a DynamoDB item's 400 KB, so the snapshot is a few items read in parallel.
 * See docs/design/slim-projection.md, "Projection cold load, session 35".
 */
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type { SlimRow } from './slim-projection.js';

/** Packed bytes per chunk at most: a DynamoDB item holds 400 KB with its keys and attributes. */
export const SNAPSHOT_CHUNK_MAX_BYTES = 350_000;
/** Rows are grouped by their JSON size before packing, so a chunk is packed about once. */
const GROUP_JSON_BYTES = 1_200_000;
/** Quality 5: within a few percent of quality 6's ratio on product rows, and cheaper to pack. */
const QUALITY = 5;

/** What a chunk holds once unpacked: the rows' ids and one column per field. */
interface Columns {
  v: 1;
  ids: string[];
  /** Field name -> its value in each row (null where absent, the row's index then listed in `absent`). */
  cols: Record<string, unknown[]>;
  absent: Record<string, number[]>;
}

function toColumns(rows: readonly SlimRow[]): Columns {
  const fields: string[] = [];
  const seen = new Set<string>(['id']);
  for (const row of rows) {
    for (const field of Object.keys(row)) {
      if (!seen.has(field)) {
        seen.add(field);
        fields.push(field);
      }
    }
  }
  const cols: Record<string, unknown[]> = {};
  const absent: Record<string, number[]> = {};
  for (const field of fields) {
    const values: unknown[] = new Array<unknown>(rows.length);
    const missing: number[] = [];
    rows.forEach((row, i) => {
      if (Object.hasOwn(row, field)) values[i] = row[field];
      else {
        values[i] = null;
        missing.push(i);
      }
    });
    cols[field] = values;
    if (missing.length > 0) absent[field] = missing;
  }
  return { v: 1, ids: rows.map((r) => r.id), cols, absent };
}

const pack = (rows: readonly SlimRow[]): Uint8Array =>
  brotliCompressSync(Buffer.from(JSON.stringify(toColumns(rows))), {
    params: { [constants.BROTLI_PARAM_QUALITY]: QUALITY },
  });

/** Packs rows into chunks of at most `maxBytes` each (a single row larger than that cannot be packed). */
export function encodeSnapshot(
  rows: readonly SlimRow[],
  maxBytes: number = SNAPSHOT_CHUNK_MAX_BYTES,
): Uint8Array[] {
  const groups: SlimRow[][] = [];
  let group: SlimRow[] = [];
  let size = 0;
  for (const row of rows) {
    const bytes = JSON.stringify(row).length;
    if (group.length > 0 && size + bytes > GROUP_JSON_BYTES) {
      groups.push(group);
      group = [];
      size = 0;
    }
    group.push(row);
    size += bytes;
  }
  if (group.length > 0) groups.push(group);
  const chunks: Uint8Array[] = [];
  const packInto = (part: readonly SlimRow[]) => {
    const packed = pack(part);
    if (packed.length <= maxBytes) chunks.push(packed);
    else if (part.length > 1) {
      const half = Math.ceil(part.length / 2);
      packInto(part.slice(0, half));
      packInto(part.slice(half));
    } else throw new Error(`A slim row of ${packed.length} packed bytes exceeds a chunk (${maxBytes})`);
  };
  groups.forEach(packInto);
  return chunks;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Unpacks one chunk; throws on anything that is not a chunk this module wrote (the caller falls back). */
export function decodeSnapshotChunk(bytes: Uint8Array): SlimRow[] {
  const parsed: unknown = JSON.parse(brotliDecompressSync(bytes).toString('utf8'));
  if (!isRecord(parsed) || parsed.v !== 1 || !Array.isArray(parsed.ids)) {
    throw new Error('Not a slim snapshot chunk');
  }
  const { ids, cols, absent } = parsed;
  if (!isRecord(cols) || !isRecord(absent)) throw new Error('Not a slim snapshot chunk');
  const columns: [string, unknown[]][] = [];
  for (const [field, values] of Object.entries(cols)) {
    if (!Array.isArray(values) || values.length !== ids.length)
      throw new Error('A column of the wrong length');
    columns.push([field, values]);
  }
  const missing = new Map<string, Set<number>>();
  for (const [field, list] of Object.entries(absent)) {
    if (!Array.isArray(list)) throw new Error('Not a slim snapshot chunk');
    missing.set(field, new Set(list.filter((i): i is number => typeof i === 'number')));
  }
  return ids.map((id, i) => {
    if (typeof id !== 'string') throw new Error('A row without an id');
    const row: SlimRow = { id };
    for (const [field, values] of columns) {
      if (!missing.get(field)?.has(i)) row[field] = values[i];
    }
    return row;
  });
}
