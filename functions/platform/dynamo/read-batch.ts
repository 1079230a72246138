/**
 * One BatchGetItem round trip for a facts loader, asked in terms of entities: each `get` names an entity
 * and a key and hands back a slot that `run` fills with the decoded record (null when absent), so the
 * loader builds no key twice and decodes no raw attribute itself.
 *
 *   const b = readBatch();
 *   const product = b.get(products, productKey(orgId, id));
 *   const stock = b.get(productStocks, productStockKey(orgId, id));
 *   await b.run();
 *   product.value;
 *
 * The keys go to batchGet in the order they were asked for, in one call, so the requests (chunks of 100,
 * duplicates read once, consistent unless asked otherwise) are exactly those of one batchGet of that list.
 */
import { batchGet, keyId } from './batch-get.js';
import type { Key } from './keys.js';

/** The key a batch read asks for, so its callers need nothing else from the key module. */
export type { Key };

/** What a batch read can decode: an entity, or anything else with a fromItem. */
export interface ItemDecoder<T> {
  fromItem(item: Record<string, unknown>): T;
}

/** A record asked for in a batch read: null until the read ran, and when the item is absent. */
export interface Slot<T> {
  readonly value: T | null;
}

/** The stored item as it is, for the few callers that read attributes their entity does not return. */
export const rawItem: ItemDecoder<Record<string, unknown>> = { fromItem: (item) => item };

export interface ReadBatchOptions {
  /** Consistent reads (the default) for facts a write decides on; eventual for display-only reads. */
  consistent?: boolean;
  /**
   * Reads the list in chunks of 100 keys, this many chunks at a time in parallel (a report's snapshot),
   * rather than one chunk after another; each chunk is one batchGet of its keys.
   */
  parallelChunks?: number;
}

export interface ReadBatch {
  get<T>(decoder: ItemDecoder<T>, key: Key): Slot<T>;
  /** Every get of the batch, read in one go; a batch runs once. */
  run(): Promise<void>;
  /** Any item the batch read, as stored (undefined when absent or not asked for), once it ran. */
  item(key: Key): Record<string, unknown> | undefined;
}

const CHUNK = 100;

async function readAll(requested: Key[], options: ReadBatchOptions) {
  const consistent = options.consistent ?? true;
  if (!options.parallelChunks) return batchGet(requested, { consistent });
  const chunks: Key[][] = [];
  for (let i = 0; i < requested.length; i += CHUNK) chunks.push(requested.slice(i, i + CHUNK));
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < chunks.length; i += options.parallelChunks) {
    const maps = await Promise.all(
      chunks.slice(i, i + options.parallelChunks).map((chunk) => batchGet(chunk, { consistent })),
    );
    for (const map of maps) for (const [id, item] of map) found.set(id, item);
  }
  return found;
}

export function readBatch(options: ReadBatchOptions = {}): ReadBatch {
  const requested: Key[] = [];
  const fills: ((found: Map<string, Record<string, unknown>>) => void)[] = [];
  let ran = false;
  let read = new Map<string, Record<string, unknown>>();
  return {
    get<T>(decoder: ItemDecoder<T>, key: Key): Slot<T> {
      if (ran) throw new Error('readBatch: get after run');
      const slot: { value: T | null } = { value: null };
      requested.push(key);
      fills.push((found) => {
        const item = found.get(keyId(key));
        slot.value = item ? decoder.fromItem(item) : null;
      });
      return slot;
    },
    async run() {
      if (ran) throw new Error('readBatch: run twice');
      ran = true;
      if (requested.length === 0) return;
      read = await readAll(requested, options);
      for (const fill of fills) fill(read);
    },
    item: (key) => read.get(keyId(key)),
  };
}
