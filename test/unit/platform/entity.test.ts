import { createId } from '@paralleldrive/cuid2';
import { describe, expect, it } from 'vitest';
import { entity, smallCollection } from '../../../functions/platform/dynamo/entity.js';

interface Shelf {
  id: string;
  label: string;
  note: string | null;
}

// A throwaway collection per run: each test uses its own organisation id, so nothing is shared.
const shelves = smallCollection<Shelf>({
  name: 'TestShelf',
  fields: ['id', 'label', 'note'],
  collection: (orgId) => `O#${orgId}#TEST_SHELF`,
});

describe('smallCollection entity (DynamoDB Local)', () => {
  it('creates, reads back by key and lists the partition, mapping only the declared fields', async () => {
    const orgId = createId();
    await shelves.create(orgId, { id: 'a', label: 'A', note: null });
    await shelves.create(orgId, { id: 'b', label: 'B', note: 'top' });
    expect(await shelves.getByKey(shelves.key(orgId, 'b'))).toEqual({ id: 'b', label: 'B', note: 'top' });
    expect(await shelves.getByKey(shelves.key(orgId, 'zz'))).toBeNull();
    const listed = await shelves.list(orgId);
    expect(listed.sort((x, y) => x.id.localeCompare(y.id))).toEqual([
      { id: 'a', label: 'A', note: null },
      { id: 'b', label: 'B', note: 'top' },
    ]);
    expect(await shelves.list(createId())).toEqual([]);
  });

  it('refuses a second create with the same key and keeps the first record', async () => {
    const orgId = createId();
    await shelves.create(orgId, { id: 'a', label: 'first', note: null });
    await expect(shelves.create(orgId, { id: 'a', label: 'second', note: null })).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
    });
    expect((await shelves.getByKey(shelves.key(orgId, 'a')))?.label).toBe('first');
  });

  it('writes the entity name, org and tenant-prefixed key on every item', () => {
    expect(shelves.toItem('org1', { id: 'a', label: 'A', note: null })).toEqual({
      PK: 'O#org1#TEST_SHELF',
      SK: 'a',
      entity: 'TestShelf',
      orgId: 'org1',
      id: 'a',
      label: 'A',
      note: null,
    });
  });
});

describe('entity fromItem (the mapping every list row goes through)', () => {
  interface Bin {
    id: string;
    size: number | null;
    tags?: string[];
    note?: string | null;
  }
  const key = (orgId: string, record: Pick<Bin, 'id'>) => ({ PK: `O#${orgId}#BIN`, SK: record.id });
  const stored = { PK: 'O#o#BIN', SK: 'b1', entity: 'Bin', orgId: 'o', GSI1PK: 'x', note: 'n', id: 'b1' };

  it('keeps exactly the declared fields in declared order, reading absent ones as null or the default', () => {
    const bins = entity<Bin>({
      name: 'Bin',
      fields: ['id', 'size', 'tags', 'note'],
      defaults: { tags: [] },
      key,
    });
    const record = bins.fromItem(stored);
    expect(record).toEqual({ id: 'b1', size: null, tags: [], note: 'n' });
    // Field order is the response's byte order once serialised.
    expect(JSON.stringify(record)).toBe('{"id":"b1","size":null,"tags":[],"note":"n"}');
    expect(bins.fromItem({ ...stored, size: 0, note: null })).toEqual({
      id: 'b1',
      size: 0,
      tags: [],
      note: null,
    });
  });

  it("with absent 'omit' leaves an absent field out unless it has a default, and keeps stored nulls", () => {
    const bins = entity<Bin>({
      name: 'Bin',
      fields: ['id', 'size', 'tags', 'note'],
      absent: 'omit',
      defaults: { size: 1 },
      key,
    });
    expect(JSON.stringify(bins.fromItem(stored))).toBe('{"id":"b1","size":1,"note":"n"}');
    expect(JSON.stringify(bins.fromItem({ ...stored, size: null, note: null }))).toBe(
      '{"id":"b1","size":null,"note":null}',
    );
  });
});
