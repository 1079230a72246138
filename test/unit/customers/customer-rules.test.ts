import { describe, expect, it } from 'vitest';
import { addressFromInput, settleDefaults, type AddressInput } from '../../../domain/customers/addresses.js';
import { contactFromInput, settlePrimary } from '../../../domain/customers/contacts.js';
import { createCustomer, patchCustomer } from '../../../domain/customers/customer.js';

const NOW = '2026-01-01T00:00:00.000Z';
let n = 0;
const ids = { next: () => `id${++n}` };
const contact = (id: string, isPrimary = false) =>
  contactFromInput({ name: id, isPrimary }, { id, createdAt: NOW, now: NOW });
const address = (id: string, input: AddressInput = {}) =>
  addressFromInput({ label: id, ...input }, { id, createdAt: NOW, now: NOW });

describe('settlePrimary', () => {
  it('a flagged contact takes the primary from the others', () => {
    const out = settlePrimary([contact('a', true), contact('b', true)], { flagged: 'b' });
    expect(out.map((c) => c.isPrimary)).toEqual([false, true]);
  });
  it('without a primary the oldest gets it, passing over one that declined unless it is alone', () => {
    expect(settlePrimary([contact('a'), contact('b')], { declined: 'a' }).map((c) => c.isPrimary)).toEqual([
      false,
      true,
    ]);
    expect(settlePrimary([contact('a')], { declined: 'a' })[0]!.isPrimary).toBe(true);
    expect(settlePrimary([], {})).toEqual([]);
  });
});

describe('settleDefaults', () => {
  it('gives each dimension to the oldest compatible address, independently', () => {
    const out = settleDefaults([address('bill', { type: 'BILLING' }), address('ship', { type: 'SHIPPING' })]);
    expect(out.map((a) => [a.isDefaultBilling, a.isDefaultShipping])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
  it('a claimed flag is unset elsewhere, only in its own dimension', () => {
    const out = settleDefaults(
      [
        address('a', { isDefaultBilling: true, isDefaultShipping: true }),
        address('b', { isDefaultShipping: true }),
      ],
      'b',
    );
    expect(out.map((a) => [a.isDefaultBilling, a.isDefaultShipping])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
  it('leaves a dimension empty when no address fits it', () => {
    const out = settleDefaults([address('bill', { type: 'BILLING' })]);
    expect(out[0]).toMatchObject({ isDefaultBilling: true, isDefaultShipping: false });
  });
});

describe('the scalar mirror', () => {
  it('create builds children from scalars and patch propagates scalar edits to them', () => {
    const created = createCustomer(
      { code: 'A', name: 'A', email: 'a@x.nz', phone: '', location: 'Town' },
      { id: 'c1', now: NOW, ids },
    );
    expect(created.phone).toBeNull();
    expect(created.contacts[0]).toMatchObject({ email: 'a@x.nz', phone: null, isPrimary: true });
    expect(created.addresses[0]).toMatchObject({
      city: 'Town',
      isDefaultBilling: true,
      isDefaultShipping: true,
    });
    const patched = patchCustomer(created, { phone: '9', location: 'City' }, '2026-01-02T00:00:00.000Z');
    expect(patched.contacts[0]).toMatchObject({
      email: 'a@x.nz',
      phone: '9',
      updatedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(patched.addresses[0]!.city).toBe('City');
    expect(patched).toMatchObject({ phone: '9', location: 'City', version: 2 });
  });
  it('the address mirror prefers the default billing address over the default shipping one', () => {
    const created = createCustomer(
      {
        code: 'B',
        name: 'B',
        addresses: [
          { type: 'SHIPPING', city: 'Ship town' },
          { type: 'BILLING', city: 'Bill town' },
        ],
      },
      { id: 'c2', now: NOW, ids },
    );
    expect(created.location).toBe('Bill town');
  });
});
