import { beforeAll, describe, expect, it } from 'vitest';
import { call, newTenant, type Tenant } from '../support/api.js';
import { eventsFor } from '../support/outbox.js';

let t: Tenant;
let other: Tenant;
const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const newCustomer = async (body: Record<string, unknown> = {}) =>
  (await call('POST', '/customers', { key: t.key, body: { code: `CA-${unique()}`, name: 'Kids', ...body } }))
    .body;
const contacts = (id: string, method = 'GET', body?: unknown, sub = '') =>
  call(method, `/customers/${id}/contacts${sub}`, { key: t.key, body });
const addresses = (id: string, method = 'GET', body?: unknown, sub = '') =>
  call(method, `/customers/${id}/addresses${sub}`, { key: t.key, body });
const summary = (list: { name: string; isPrimary: boolean }[]) =>
  list.map((c) => `${c.name}${c.isPrimary ? '*' : ''}`);
const defaults = (list: { label: string; isDefaultBilling: boolean; isDefaultShipping: boolean }[]) =>
  list.map((a) => `${a.label}${a.isDefaultBilling ? ' B' : ''}${a.isDefaultShipping ? ' S' : ''}`);

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Children org'), newTenant('Other children org')]);
});

describe('contacts', () => {
  it('the first contact is forced primary; POST returns 201 with the refreshed customer and re-syncs the mirror', async () => {
    const c = await newCustomer();
    const first = await contacts(c.id, 'POST', { name: 'Ann', email: 'ann@example.com', isPrimary: false });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: c.id, email: 'ann@example.com' });
    expect(summary(first.body.contacts)).toEqual(['Ann*']);

    const second = await contacts(c.id, 'POST', { name: 'Bob', phone: '42' });
    expect(summary(second.body.contacts)).toEqual(['Ann*', 'Bob']);
    expect(second.body.email).toBe('ann@example.com');

    const third = await contacts(c.id, 'POST', { name: 'Cat', email: '', phone: '7', isPrimary: true });
    expect(summary(third.body.contacts)).toEqual(['Cat*', 'Ann', 'Bob']);
    expect(third.body).toMatchObject({ email: null, phone: '7' });
    expect((await eventsFor(t.orgId, c.id)).map((e) => e.event)).toEqual([
      'customer.created',
      'customer.updated',
      'customer.updated',
      'customer.updated',
    ]);

    const listed = await contacts(c.id);
    expect(listed.status).toBe(200);
    expect(summary(listed.body.data)).toEqual(['Cat*', 'Ann', 'Bob']);
    expect(listed.body.pagination).toEqual({ total: 3, page: 1, pageSize: 50, totalPages: 1 });
    const paged = await call('GET', `/customers/${c.id}/contacts`, {
      key: t.key,
      query: { pageSize: 2, page: 2 },
    });
    expect(summary(paged.body.data)).toEqual(['Bob']);
  });

  it('PUT is a full replace that clears omitted fields; un-flagging the primary passes it to the oldest other', async () => {
    const c = await newCustomer({
      contacts: [
        { name: 'Ann', role: 'Buyer', email: 'ann@example.com', mobile: '1', isPrimary: true },
        { name: 'Bob', email: 'bob@example.com' },
      ],
    });
    const ann = c.contacts[0];
    const replaced = await contacts(c.id, 'PUT', { name: 'Ann B' }, `/${ann.id}`);
    expect(replaced.status).toBe(200);
    const annAfter = replaced.body.contacts.find((x: { id: string }) => x.id === ann.id);
    expect(annAfter).toMatchObject({
      name: 'Ann B',
      role: null,
      email: null,
      mobile: null,
      isPrimary: false,
    });
    expect(annAfter.createdAt).toBe(ann.createdAt);
    expect(summary(replaced.body.contacts)).toEqual(['Bob*', 'Ann B']);
    expect(replaced.body.email).toBe('bob@example.com');

    const back = await contacts(
      c.id,
      'PUT',
      { name: 'Ann C', email: 'c@example.com', isPrimary: true },
      `/${ann.id}`,
    );
    expect(summary(back.body.contacts)).toEqual(['Ann C*', 'Bob']);
    expect(back.body.email).toBe('c@example.com');
  });

  it('deleting the primary promotes the oldest remaining; deleting the last keeps the mirror', async () => {
    const c = await newCustomer({
      contacts: [
        { name: 'Old', email: 'old@example.com' },
        { name: 'Mid', email: 'mid@example.com' },
        { name: 'Boss', email: 'boss@example.com', isPrimary: true },
      ],
    });
    expect(c.email).toBe('boss@example.com');
    const boss = c.contacts.find((x: { name: string }) => x.name === 'Boss');
    const afterBoss = await contacts(c.id, 'DELETE', undefined, `/${boss.id}`);
    expect(afterBoss.status).toBe(200);
    expect(summary(afterBoss.body.contacts)).toEqual(['Old*', 'Mid']);
    expect(afterBoss.body.email).toBe('old@example.com');
    for (const remaining of afterBoss.body.contacts) {
      await contacts(c.id, 'DELETE', undefined, `/${remaining.id}`);
    }
    const after = await call('GET', `/customers/${c.id}`, { key: t.key });
    expect(after.body.contacts).toEqual([]);
    expect(after.body.email).toBe('mid@example.com');
  });

  it('404 for a contact of another customer, an unknown contact, or another organisation', async () => {
    const a = await newCustomer({ contacts: [{ name: 'A' }] });
    const b = await newCustomer({ contacts: [{ name: 'B' }] });
    const foreign = await contacts(a.id, 'PUT', { name: 'x' }, `/${b.contacts[0].id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toEqual({ code: 'not_found', message: 'Contact not found' });
    expect((await contacts(a.id, 'DELETE', undefined, '/nope')).status).toBe(404);
    expect((await call('GET', `/customers/${a.id}/contacts`, { key: other.key })).status).toBe(404);
    expect(
      (await call('POST', `/customers/${a.id}/contacts`, { key: other.key, body: { name: 'x' } })).status,
    ).toBe(404);
  });

  it('validates the contact body (name required, email null allowed, bad email 400)', async () => {
    const c = await newCustomer();
    const missing = await contacts(c.id, 'POST', { email: 'a@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([{ path: 'name', message: 'is required' }]);
    expect((await contacts(c.id, 'POST', { name: 'n', email: null })).status).toBe(201);
    expect((await contacts(c.id, 'POST', { name: 'n', email: 'bad' })).status).toBe(400);
  });
});

describe('addresses', () => {
  it('the first address is default for both; list orders default billing, default shipping, then oldest', async () => {
    const c = await newCustomer();
    const first = await addresses(c.id, 'POST', { label: 'Home', city: 'Nelson', address: '1 A St' });
    expect(first.status).toBe(201);
    expect(defaults(first.body.addresses)).toEqual(['Home B S']);
    expect(first.body).toMatchObject({ location: 'Nelson', address: '1 A St' });

    await addresses(c.id, 'POST', {
      label: 'Yard',
      type: 'SHIPPING',
      city: 'Picton',
      isDefaultShipping: true,
    });
    const third = await addresses(c.id, 'POST', { label: 'Spare', type: 'BOTH' });
    expect(defaults(third.body.addresses)).toEqual(['Home B', 'Yard S', 'Spare']);
    expect(third.body.location).toBe('Nelson');

    const billing = await addresses(c.id, 'POST', {
      label: 'Accounts',
      type: 'BILLING',
      city: 'Blenheim',
      postcode: '7201',
      isDefaultBilling: true,
    });
    expect(defaults(billing.body.addresses)).toEqual(['Accounts B', 'Yard S', 'Home', 'Spare']);
    expect(billing.body).toMatchObject({ location: 'Blenheim', postcode: '7201', address: null });

    const listed = await addresses(c.id);
    expect(defaults(listed.body.data)).toEqual(['Accounts B', 'Yard S', 'Home', 'Spare']);
  });

  it('deleting a default promotes the oldest type-compatible remaining address, per dimension', async () => {
    const c = await newCustomer({
      addresses: [
        { label: 'Bill only', type: 'BILLING' },
        { label: 'Ship only', type: 'SHIPPING' },
        { label: 'Main', type: 'BOTH', city: 'Main city', isDefaultBilling: true, isDefaultShipping: true },
        { label: 'Later', type: 'BOTH' },
      ],
    });
    expect(c.location).toBe('Main city');
    const main = c.addresses.find((a: { label: string }) => a.label === 'Main');
    const res = await addresses(c.id, 'DELETE', undefined, `/${main.id}`);
    expect(res.status).toBe(200);
    expect(defaults(res.body.addresses)).toEqual(['Bill only B', 'Ship only S', 'Later']);
    expect(res.body.location).toBeNull();
  });

  it('a type change that no longer fits drops the default to the next compatible address', async () => {
    const c = await newCustomer({ addresses: [{ label: 'A' }, { label: 'B' }] });
    const a = c.addresses[0];
    const res = await addresses(
      c.id,
      'PUT',
      { label: 'A', type: 'BILLING', isDefaultBilling: true },
      `/${a.id}`,
    );
    expect(res.status).toBe(200);
    expect(defaults(res.body.addresses)).toEqual(['A B', 'B S']);
    const bad = await addresses(
      c.id,
      'PUT',
      { label: 'A', type: 'BILLING', isDefaultShipping: true },
      `/${a.id}`,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error).toEqual({
      code: 'unprocessable',
      message: 'A BILLING address cannot be isDefaultShipping',
    });
  });

  it('PUT clears omitted fields; deleting the last address keeps the mirror; unknown ids are 404', async () => {
    const c = await newCustomer({ address: '5 Road', location: 'Town', region: 'Reg' });
    const only = c.addresses[0];
    const replaced = await addresses(c.id, 'PUT', { city: 'New town' }, `/${only.id}`);
    expect(replaced.body.addresses[0]).toMatchObject({
      address: null,
      city: 'New town',
      region: null,
      type: 'BOTH',
      isDefaultBilling: true,
      isDefaultShipping: true,
    });
    expect(replaced.body).toMatchObject({ address: null, location: 'New town', region: null });
    const deleted = await addresses(c.id, 'DELETE', undefined, `/${only.id}`);
    expect(deleted.body.addresses).toEqual([]);
    expect(deleted.body.location).toBe('New town');
    expect((await addresses(c.id, 'DELETE', undefined, `/${only.id}`)).status).toBe(404);
    expect((await addresses(c.id, 'POST', { type: 'HOME' })).status).toBe(400);
    expect((await call('GET', `/customers/${c.id}/addresses`, { key: other.key })).status).toBe(404);
  });
});

describe('concurrent writes', () => {
  it('racing contact POSTs on one customer all land (lost version races are re-read and re-applied)', async () => {
    const c = await newCustomer();
    const results = await Promise.all(['A', 'B', 'C'].map((name) => contacts(c.id, 'POST', { name })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const after = await contacts(c.id);
    expect(after.body.data.map((x: { name: string }) => x.name).sort()).toEqual(['A', 'B', 'C']);
    expect(after.body.data.filter((x: { isPrimary: boolean }) => x.isPrimary)).toHaveLength(1);
  });

  it('12 parallel contact POSTs on one customer all answer 201 and all 12 contacts are kept', async () => {
    const c = await newCustomer();
    const names = Array.from({ length: 12 }, (_, i) => `P${i}`);
    const results = await Promise.all(names.map((name) => contacts(c.id, 'POST', { name })));
    expect(results.map((r) => r.status)).toEqual(names.map(() => 201));
    const after = (await call('GET', `/customers/${c.id}`, { key: t.key })).body;
    expect(after.contacts.map((x: { name: string }) => x.name).sort()).toEqual([...names].sort());
    expect(after.contacts.filter((x: { isPrimary: boolean }) => x.isPrimary)).toHaveLength(1);
  });

  it('12 parallel address POSTs on one customer all answer 201 and all 12 addresses are kept', async () => {
    const c = await newCustomer();
    const labels = Array.from({ length: 12 }, (_, i) => `L${i}`);
    const results = await Promise.all(
      labels.map((label) => addresses(c.id, 'POST', { label, type: 'BOTH', city: 'Nelson' })),
    );
    expect(results.map((r) => r.status)).toEqual(labels.map(() => 201));
    const after = (await call('GET', `/customers/${c.id}`, { key: t.key })).body;
    expect(after.addresses.map((x: { label: string }) => x.label).sort()).toEqual([...labels].sort());
  });

  it('linking a subsidiary while its head office is un-marked never leaves a subsidiary of a non-head-office', async () => {
    for (let round = 0; round < 3; round += 1) {
      const head = await newCustomer({ isHeadOffice: true });
      const [link, unmark] = await Promise.all([
        call('POST', '/customers', {
          key: t.key,
          body: { code: `RS-${unique()}`, name: 'Sub', parentCustomerId: head.id },
        }),
        call('PUT', `/customers/${head.id}`, { key: t.key, body: { isHeadOffice: false } }),
      ]);
      const headAfter = (await call('GET', `/customers/${head.id}`, { key: t.key })).body;
      if (link.status === 201) {
        expect(unmark.status).toBe(409);
        expect(headAfter.isHeadOffice).toBe(true);
      } else {
        expect(link.status).toBe(422);
        expect(unmark.status).toBe(200);
        expect(headAfter.isHeadOffice).toBe(false);
      }
    }
  });

  it('moving a subsidiary between head offices moves the link count with it', async () => {
    const first = await newCustomer({ isHeadOffice: true });
    const second = await newCustomer({ isHeadOffice: true });
    const sub = await newCustomer({ parentCustomerId: first.id });
    const moved = await call('PUT', `/customers/${sub.id}`, {
      key: t.key,
      body: { parentCustomerId: second.id },
    });
    expect(moved.body.parentCustomer).toMatchObject({ id: second.id });
    expect(
      (await call('PUT', `/customers/${first.id}`, { key: t.key, body: { isHeadOffice: false } })).status,
    ).toBe(200);
    expect(
      (await call('PUT', `/customers/${second.id}`, { key: t.key, body: { isHeadOffice: false } })).status,
    ).toBe(409);
  });
});
