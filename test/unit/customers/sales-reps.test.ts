import { describe, expect, it } from 'vitest';
import { patchSalesRep } from '../../../domain/customers/sales-reps.js';

const rep = { id: 'r1', name: 'Pat', email: 'pat@example.com', role: 'lead', isActive: true };

describe('patchSalesRep (merge-patch of name, email, isActive)', () => {
  it('keeps omitted keys and reports only the fields whose value moved', () => {
    expect(patchSalesRep(rep, { name: 'Patricia', email: 'pat@example.com' })).toEqual({
      next: { ...rep, name: 'Patricia' },
      changed: ['name'],
      action: 'update',
    });
  });

  it('an empty or same-valued patch changes nothing', () => {
    expect(patchSalesRep(rep, {}).changed).toEqual([]);
    expect(patchSalesRep(rep, { isActive: true, name: 'Pat' }).changed).toEqual([]);
  });

  it('isActive alone to false is a deactivation; with another field, or back to true, an update', () => {
    expect(patchSalesRep(rep, { isActive: false }).action).toBe('deactivate');
    expect(patchSalesRep(rep, { isActive: false, email: 'p@example.com' })).toMatchObject({
      changed: ['email', 'isActive'],
      action: 'update',
    });
    expect(patchSalesRep({ ...rep, isActive: false }, { isActive: true }).action).toBe('update');
  });
});
