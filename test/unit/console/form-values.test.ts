/**
 * The record form's conversions (console/app/ui/form-values.ts): what a typed form becomes in the API's
 * body, and which fields an edit sends (only those whose value changed, compared as the API sees them).
 */
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  flag,
  numberOrNull,
  numberOrOmit,
  oneOf,
  shown,
  text,
  textOrNull,
} from '../../../console/app/ui/form-values.js';

describe('record form values', () => {
  const values = {
    name: '  Harbour Deli ',
    phone: '   ',
    limit: '7500.50',
    empty: '',
    tracked: true,
    currency: 'AUD',
    odd: 'XYZ',
  };

  it('turns typed text into the API values: trimmed, empty as null or left out', () => {
    expect(text(values, 'name')).toBe('Harbour Deli');
    expect(text(values, 'missing')).toBe('');
    expect(textOrNull(values, 'phone')).toBeNull();
    expect(textOrNull(values, 'name')).toBe('Harbour Deli');
    expect(numberOrNull(values, 'limit')).toBe(7500.5);
    expect(numberOrNull(values, 'empty')).toBeNull();
    expect(numberOrOmit(values, 'empty')).toBeUndefined();
    expect(numberOrOmit(values, 'limit')).toBe(7500.5);
    expect(flag(values, 'tracked')).toBe(true);
    expect(flag(values, 'name')).toBe(false);
    expect(oneOf(values, 'currency', ['NZD', 'AUD'] as const)).toBe('AUD');
    expect(oneOf(values, 'odd', ['NZD', 'AUD'] as const)).toBeUndefined();
    expect([shown(null), shown(undefined), shown(0), shown('x')]).toEqual(['', '', '0', 'x']);
  });

  it('sends only the fields whose value changed, a cleared one as null', () => {
    const before: Record<string, string | number | null> = {
      name: 'Harbour Deli',
      phone: null,
      creditLimit: 5000,
      price: 12.5,
      email: 'a@b.example',
    };
    expect(changedFields({ ...before }, before)).toEqual({});
    expect(changedFields({ ...before, phone: '+64 9 555 0100', creditLimit: 7500 }, before)).toEqual({
      phone: '+64 9 555 0100',
      creditLimit: 7500,
    });
    expect(changedFields({ ...before, creditLimit: null, email: '' }, before)).toEqual({
      creditLimit: null,
      email: '',
    });
    // "12.50" typed over 12.5 is the same number: nothing to send.
    expect(changedFields({ ...before, price: numberOrNull({ p: '12.50' }, 'p') ?? 0 }, before)).toEqual({});
  });
});
