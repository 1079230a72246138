import { describe, expect, it } from 'vitest';
import { commaList, dateBound, looksLikeCuid } from '../../../domain/listing/list-filters.js';

describe('list filters', () => {
  it('comma lists keep known values and reject unknown ones with 400 invalid_parameter', () => {
    expect(commaList('status', 'DRAFT, COMPLETED,', ['DRAFT', 'COMPLETED', 'VOIDED'])).toEqual([
      'DRAFT',
      'COMPLETED',
    ]);
    expect(commaList('status', undefined, ['DRAFT'])).toBeUndefined();
    expect(() => commaList('status', 'DRAFT,draft', ['DRAFT'])).toThrow(
      expect.objectContaining({
        code: 'invalid_parameter',
        message: "Query parameter 'status' has an unknown value 'draft' (one of DRAFT)",
      }),
    );
  });

  it('a date-only upper bound covers the whole UTC day; instants are normalised', () => {
    expect(dateBound('dateTo', '2026-11-22', true)).toBe('2026-11-22T23:59:59.999Z');
    expect(dateBound('dateFrom', '2026-11-22', false)).toBe('2026-11-22T00:00:00.000Z');
    expect(dateBound('dateTo', '2026-11-22T10:00:00+02:00', true)).toBe('2026-11-22T08:00:00.000Z');
    expect(() => dateBound('dateTo', '22/11/2026', true)).toThrow(
      expect.objectContaining({ code: 'invalid_parameter' }),
    );
  });

  it('cuid shape', () => {
    expect(looksLikeCuid('clx1abc2def3ghi4jkl5mno6')).toBe(true);
    expect(looksLikeCuid('Not-a-cuid')).toBe(false);
    expect(looksLikeCuid('1abc')).toBe(false);
  });
});
