/**
 * The packed snapshot's encoding: rows come back exactly (absent fields absent, nulls null, numbers and
 * flags typed), split into chunks under the size asked for, and anything that is not a chunk is refused
 * (the projection then loads from the index).
 */
import { randomBytes } from 'node:crypto';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  SNAPSHOT_CHUNK_MAX_BYTES,
  decodeSnapshotChunk,
  encodeSnapshot,
} from '../../../functions/platform/dynamo/slim-snapshot-codec.js';
import type { SlimRow } from '../../../functions/platform/dynamo/slim-projection.js';

const rowsOf = (n: number): SlimRow[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${String(i).padStart(6, '0')}x${(i * 7919).toString(36)}`,
    n: `bench product ${i} ${'abcdefghij'[i % 10]!.repeat(i % 7)}`,
    c: new Date(Date.UTC(2026, 0, 1) + i * 61_000).toISOString(),
    b: i % 3 === 0 ? null : String(9_400_000_000_000 + i),
    a: i % 2 === 0,
    m: i * 1.25,
  }));

describe('slim snapshot codec', () => {
  it('gives back every row exactly, in order, with absent fields left absent', () => {
    const rows: SlimRow[] = [
      { id: 'a', n: 'Ünïcode 🍎 name', b: null, a: true, m: 0 },
      { id: 'b', n: 'second', m: -3.5 },
      { id: 'c', x: 'only here', a: false },
    ];
    const chunks = encodeSnapshot(rows);
    expect(chunks).toHaveLength(1);
    const back = chunks.flatMap(decodeSnapshotChunk);
    expect(back).toStrictEqual(rows);
    expect(Object.hasOwn(back[1]!, 'b')).toBe(false);
    expect(Object.hasOwn(back[2]!, 'n')).toBe(false);
  });

  it('splits into chunks no larger than asked, whose rows add up to the input', () => {
    const rows = rowsOf(3_000);
    const chunks = encodeSnapshot(rows, 8_000);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(8_000);
    expect(chunks.flatMap(decodeSnapshotChunk)).toStrictEqual(rows);
  });

  it('packs product-like rows to a small fraction of their JSON, under the item limit per chunk', () => {
    const rows = rowsOf(10_000);
    const chunks = encodeSnapshot(rows);
    const packed = chunks.reduce((n, c) => n + c.length, 0);
    expect(packed).toBeLessThan(JSON.stringify(rows).length / 4);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(SNAPSHOT_CHUNK_MAX_BYTES);
  });

  it('refuses bytes that are not a chunk', () => {
    expect(() => decodeSnapshotChunk(new Uint8Array([1, 2, 3, 4]))).toThrow();
    expect(() => decodeSnapshotChunk(brotliCompressSync(Buffer.from('{"v":2,"ids":[]}')))).toThrow(
      'Not a slim snapshot chunk',
    );
    const short = JSON.stringify({ v: 1, ids: ['a', 'b'], cols: { n: ['x'] }, absent: {} });
    expect(() => decodeSnapshotChunk(brotliCompressSync(Buffer.from(short)))).toThrow('wrong length');
  });

  it('refuses a single row larger than a chunk', () => {
    expect(() => encodeSnapshot([{ id: 'big', n: randomBytes(3_000).toString('base64') }], 1_000)).toThrow(
      'exceeds a chunk',
    );
  });
});
