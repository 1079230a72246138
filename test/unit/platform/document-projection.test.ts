import { describe, expect, it } from 'vitest';
import {
  documentProjection,
  documentRowMatcher,
  type DocumentSlim,
} from '../../../functions/platform/dynamo/document-projection.js';

const row = (over: Partial<DocumentSlim> = {}): DocumentSlim => ({
  id: 'doc1',
  s: 'DRAFT',
  p: 'party1',
  d: '2031-03-10T12:00:00.000Z',
  u: '2031-03-11T08:00:00.000Z',
  t: 'so-000012 needle foods',
  ...over,
});

describe('documentRowMatcher (the list filters on slim rows, as the FilterExpressions read them)', () => {
  it('matches everything without filters', () => {
    expect(documentRowMatcher({})(row())).toBe(true);
  });

  it('statuses are a set, party an exact id', () => {
    expect(documentRowMatcher({ statuses: ['SENT', 'DRAFT'] })(row())).toBe(true);
    expect(documentRowMatcher({ statuses: ['SENT'] })(row())).toBe(false);
    expect(documentRowMatcher({ partyId: 'party1' })(row())).toBe(true);
    expect(documentRowMatcher({ partyId: 'party' })(row())).toBe(false);
  });

  it('date bounds are inclusive instants; a document without the date never matches a bound', () => {
    const at = '2031-03-10T12:00:00.000Z';
    expect(documentRowMatcher({ from: at, to: at })(row())).toBe(true);
    expect(documentRowMatcher({ from: '2031-03-10T12:00:00.001Z' })(row())).toBe(false);
    expect(documentRowMatcher({ to: '2031-03-10T11:59:59.999Z' })(row())).toBe(false);
    expect(documentRowMatcher({ from: '2000-01-01T00:00:00.000Z' })(row({ d: null }))).toBe(false);
    expect(documentRowMatcher({ to: '2999-01-01T00:00:00.000Z' })(row({ d: undefined }))).toBe(false);
    expect(documentRowMatcher({})(row({ d: null }))).toBe(true);
  });

  it('modifiedSince is updatedAt at or after the instant', () => {
    expect(documentRowMatcher({ modifiedSince: new Date('2031-03-11T08:00:00.000Z') })(row())).toBe(true);
    expect(documentRowMatcher({ modifiedSince: new Date('2031-03-11T08:00:00.001Z') })(row())).toBe(false);
  });

  it('search is a case-insensitive contains on the search text (none: no match)', () => {
    expect(documentRowMatcher({ search: 'NEEDLE F' })(row())).toBe(true);
    expect(documentRowMatcher({ search: '000012' })(row())).toBe(true);
    expect(documentRowMatcher({ search: 'needles' })(row())).toBe(false);
    expect(documentRowMatcher({ search: 'x' })(row({ t: undefined }))).toBe(false);
  });

  it('filters combine with AND', () => {
    const match = documentRowMatcher({ statuses: ['DRAFT'], partyId: 'party1', search: 'needle' });
    expect(match(row())).toBe(true);
    expect(match(row({ p: 'party2' }))).toBe(false);
  });
});

describe('documentProjection', () => {
  it('writes the row under the collection with a write stamp that sorts after older stamps', () => {
    const projection = documentProjection<{ id: string; status: string }>({
      collection: (orgId) => `O#${orgId}#THING`,
      key: (orgId, id) => ({ PK: `O#${orgId}#THING#${id}`, SK: 'THING' }),
      row: (r) => ({ id: r.id, s: r.status, p: 'x', u: '2031-01-01T00:00:00.000Z' }),
      sorts: {},
    });
    const before = new Date().toISOString();
    const attributes = projection.attributes('org1', { id: 't1', status: 'DRAFT' });
    expect(attributes).toMatchObject({
      GSI5PK: 'O#org1#THING',
      slim: { id: 't1', s: 'DRAFT', p: 'x', u: '2031-01-01T00:00:00.000Z' },
    });
    expect(String(attributes.GSI5SK) >= before).toBe(true);
    expect(String(attributes.GSI5SK).endsWith('\u0001t1')).toBe(true);
  });
});
