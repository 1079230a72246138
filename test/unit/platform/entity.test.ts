import { createId } from '@paralleldrive/cuid2';
import { describe, expect, it } from 'vitest';
import { smallCollection } from '../../../functions/platform/dynamo/entity.js';

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
