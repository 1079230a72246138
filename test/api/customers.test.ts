import { beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomerGroup,
  createSalesRep,
  deactivateSalesRep,
} from '../../functions/areas/customers/steps/sales-reference.js';
import { customerCollection, customerKey } from '../../functions/areas/customers/store/customers.js';
import { db } from '../../functions/platform/dynamo/client.js';
import { GetCommand } from '../../functions/platform/dynamo/commands.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { listAudit } from '../../functions/platform/journal/audit.js';
import { call, keyFor, newTenant, type Tenant } from '../support/api.js';
import { coldCall, rewriteSlim } from '../support/projection.js';
import { eventsFor } from '../support/outbox.js';

let t: Tenant;
let other: Tenant;
let group: { id: string };
let rep: { id: string };

const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const create = (body: Record<string, unknown>, key = t.key) => call('POST', '/customers', { key, body });
const put = (id: string, body: Record<string, unknown>, key = t.key) =>
  call('PUT', `/customers/${id}`, { key, body });

beforeAll(async () => {
  [t, other] = await Promise.all([newTenant('Customers org'), newTenant('Other customers org')]);
  group = await createCustomerGroup({ orgId: t.orgId, name: 'Wholesale' });
  rep = await createSalesRep({ orgId: t.orgId, name: 'Rita Rep', email: 'rita@example.com' });
});

describe('POST /customers', () => {
  it('creates a customer with defaults, building a primary contact and default address from the scalars', async () => {
    const code = `C-${unique()}`;
    const res = await create({
      code,
      name: 'Cafe Uno',
      email: 'orders@uno.example',
      phone: '021 555',
      address: '1 Main St',
      location: 'Wellington',
      postcode: '6011',
      customerGroupId: group.id,
      salesRepId: rep.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      code,
      name: 'Cafe Uno',
      email: 'orders@uno.example',
      phone: '021 555',
      currency: 'NZD',
      isActive: true,
      isHeadOffice: false,
      creditLimit: null,
      creditHold: false,
      discountPct: null,
      taxExempt: false,
      paymentTermsDays: null,
      customerGroupId: group.id,
      salesRepId: rep.id,
      parentCustomer: null,
      outstandingBalance: 0,
      availableCredit: null,
    });
    expect(res.body.contacts).toEqual([
      {
        id: expect.any(String),
        name: 'Cafe Uno',
        role: null,
        email: 'orders@uno.example',
        phone: '021 555',
        mobile: null,
        isPrimary: true,
        createdAt: res.body.createdAt,
        updatedAt: res.body.createdAt,
      },
    ]);
    expect(res.body.addresses).toEqual([
      expect.objectContaining({
        address: '1 Main St',
        city: 'Wellington',
        postcode: '6011',
        type: 'BOTH',
        isDefaultBilling: true,
        isDefaultShipping: true,
      }),
    ]);
    expect(res.body).not.toHaveProperty('version');
    expect(res.body).not.toHaveProperty('PK');
    expect(await eventsFor(t.orgId, res.body.id)).toMatchObject([
      { event: 'customer.created', data: { id: res.body.id } },
    ]);
  });

  it('creates no children when there is nothing to build them from', async () => {
    const res = await create({ code: `E-${unique()}`, name: 'Empty', email: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: null, contacts: [], addresses: [] });
  });

  it('lets supplied children win and recomputes the scalars from the primary and the defaults', async () => {
    const res = await create({
      code: `K-${unique()}`,
      name: 'Kids',
      email: 'ignored@example.com',
      location: 'Ignored',
      contacts: [
        { name: 'First', email: 'first@example.com' },
        { name: 'Boss', email: 'boss@example.com', phone: '1', isPrimary: true },
      ],
      addresses: [
        { label: 'Depot', city: 'Auckland', type: 'SHIPPING' },
        { label: 'Office', city: 'Hamilton', address: '9 Bill St', type: 'BILLING' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'boss@example.com',
      phone: '1',
      location: 'Hamilton',
      address: '9 Bill St',
    });
    expect(res.body.contacts.map((c: { name: string; isPrimary: boolean }) => [c.name, c.isPrimary])).toEqual(
      [
        ['Boss', true],
        ['First', false],
      ],
    );
    expect(
      res.body.addresses.map(
        (a: { label: string; isDefaultBilling: boolean; isDefaultShipping: boolean }) => [
          a.label,
          a.isDefaultBilling,
          a.isDefaultShipping,
        ],
      ),
    ).toEqual([
      ['Office', true, false],
      ['Depot', false, true],
    ]);
  });

  it('makes the first contact primary and the first address default for both when none is flagged', async () => {
    const res = await create({
      code: `F-${unique()}`,
      name: 'Firsts',
      contacts: [{ name: 'A' }, { name: 'B' }],
      addresses: [{ label: 'one' }, { label: 'two' }],
    });
    expect(res.body.contacts[0]).toMatchObject({ name: 'A', isPrimary: true });
    expect(res.body.contacts[1]).toMatchObject({ name: 'B', isPrimary: false });
    expect(res.body.addresses[0]).toMatchObject({
      label: 'one',
      isDefaultBilling: true,
      isDefaultShipping: true,
    });
    expect(res.body.addresses[1]).toMatchObject({
      label: 'two',
      isDefaultBilling: false,
      isDefaultShipping: false,
    });
  });

  it.each([
    [
      'two primary contacts',
      {
        contacts: [
          { name: 'A', isPrimary: true },
          { name: 'B', isPrimary: true },
        ],
      },
    ],
    [
      'two default billing addresses',
      { addresses: [{ isDefaultBilling: true }, { isDefaultBilling: true }] },
    ],
    ['a BILLING address as default shipping', { addresses: [{ type: 'BILLING', isDefaultShipping: true }] }],
    ['isHeadOffice with a parent', { isHeadOffice: true, parentCustomerId: 'x' }],
  ])('rejects %s with 422 unprocessable', async (_, extra) => {
    const res = await create({ code: `U-${unique()}`, name: 'U', ...extra });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable');
  });

  it.each([
    ['email', null, 'must be string'],
    ['email', 'not-an-email', 'must be an email address'],
    ['code', 'has space', 'may contain only letters, digits, _ and -'],
    ['code', 'x'.repeat(21), 'must NOT have more than 20 characters'],
    ['currency', 'XYZ', 'must be one of NZD, AUD, USD, GBP, EUR, CAD, SGD, JPY'],
    ['paymentTermsDays', 366, 'must be <= 365'],
    ['creditLimit', 1_000_000_001, 'must be <= 1000000000'],
    ['discountPct', 15, 'must be <= 1'],
    ['name', '', 'must NOT have fewer than 1 characters'],
  ])('rejects %s = %j with 400 validation_error', async (field, value, message) => {
    const res = await create({ code: `V-${unique()}`, name: 'V', [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details).toContainEqual({ path: field, message });
  });

  it('rejects more than 50 contacts or addresses and a bad contact email', async () => {
    const many = await create({
      code: `M-${unique()}`,
      name: 'Many',
      contacts: Array.from({ length: 51 }, (_, i) => ({ name: `c${i}` })),
    });
    expect(many.status).toBe(400);
    expect(many.body.error.details[0]).toEqual({
      path: 'contacts',
      message: 'must NOT have more than 50 items',
    });
    const badEmail = await create({
      code: `M-${unique()}`,
      name: 'M',
      contacts: [{ name: 'c', email: 'nope' }],
    });
    expect(badEmail.body.error.details).toEqual([
      { path: 'contacts[0].email', message: 'must be an email address' },
    ]);
    const fifty = await create({
      code: `M-${unique()}`,
      name: 'Fifty',
      contacts: Array.from({ length: 50 }, (_, i) => ({ name: `c${i}` })),
    });
    expect(fifty.status).toBe(201);
    const fiftyFirst = await call('POST', `/customers/${fifty.body.id}/contacts`, {
      key: t.key,
      body: { name: 'one too many' },
    });
    expect(fiftyFirst.status).toBe(422);
    expect(fiftyFirst.body.error).toEqual({
      code: 'unprocessable',
      message: 'A customer can have at most 50 contacts',
    });
  });

  it('gives 409 for a duplicate code; codes are case-sensitive', async () => {
    const code = `dup-${unique()}`;
    expect((await create({ code, name: 'One' })).status).toBe(201);
    const dup = await create({ code, name: 'Two' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toEqual({
      code: 'conflict',
      message: `A customer with code '${code}' already exists`,
    });
    expect((await create({ code: code.toUpperCase(), name: 'Upper' })).status).toBe(201);
    expect((await create({ code, name: 'Other org' }, other.key)).status).toBe(201);
  });

  it('only one of racing creates with the same code wins', async () => {
    const code = `R-${unique()}`;
    const results = await Promise.all(Array.from({ length: 5 }, () => create({ code, name: 'Race' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('gives 422 invalid_reference for unknown, foreign and inactive references', async () => {
    const foreignGroup = await createCustomerGroup({ orgId: other.orgId, name: 'Foreign' });
    const gone = await createSalesRep({ orgId: t.orgId, name: 'Gone', email: 'gone@example.com' });
    await deactivateSalesRep({ orgId: t.orgId, id: gone.id });
    for (const [field, value] of [
      ['priceTierId', 'nope'],
      ['customerGroupId', foreignGroup.id],
      ['salesRepId', gone.id],
      ['parentCustomerId', 'nope'],
    ] as const) {
      const res = await create({ code: `I-${unique()}`, name: 'Ref', [field]: value });
      expect(res.status, field).toBe(422);
      expect(res.body.error.code).toBe('invalid_reference');
      expect(res.body.error.message).toContain(field);
    }
  });
});

describe('credit fields need customers.manage_credit', () => {
  it.each([
    ['creditLimit', 500],
    ['creditHold', true],
    ['creditHoldReason', 'late'],
    ['discountPct', 0.1],
    ['taxExempt', false],
    ['taxExemptReason', null],
  ])('%s without the permission is 403 forbidden on create and update', async (field, value) => {
    const key = await keyFor(t.orgId, ['customers:write'], ['sales.create', 'sales.edit', 'sales.view']);
    const denied = await create({ code: `P-${unique()}`, name: 'P', [field]: value }, key);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toEqual({
      code: 'forbidden',
      message: 'This API key lacks the customers.manage_credit permission',
    });
    const plain = await create({ code: `P-${unique()}`, name: 'P' }, key);
    expect(plain.status).toBe(201);
    expect((await put(plain.body.id, { [field]: value }, key)).status).toBe(403);
    expect((await put(plain.body.id, { name: 'Renamed' }, key)).status).toBe(200);
  });

  it('with the permission the credit fields are written and availableCredit follows the limit', async () => {
    const key = await keyFor(
      t.orgId,
      ['customers:write'],
      ['sales.create', 'sales.edit', 'customers.manage_credit'],
    );
    const res = await create(
      { code: `CR-${unique()}`, name: 'Credit', creditLimit: 1500.5, discountPct: 0.05, creditHold: true },
      key,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      creditLimit: 1500.5,
      discountPct: 0.05,
      creditHold: true,
      availableCredit: 1500.5,
    });
  });
});

describe('head offices and subsidiaries', () => {
  it('links a subsidiary to an active head office, embeds the parent, and blocks un-marking while linked', async () => {
    const head = await create({ code: `H-${unique()}`, name: 'Head', isHeadOffice: true });
    const sub = await create({ code: `S-${unique()}`, name: 'Sub', parentCustomerId: head.body.id });
    expect(sub.status).toBe(201);
    expect(sub.body.parentCustomer).toEqual({ id: head.body.id, code: head.body.code, name: 'Head' });

    const unmark = await put(head.body.id, { isHeadOffice: false });
    expect(unmark.status).toBe(409);
    expect(unmark.body.error.code).toBe('conflict');

    // A subsidiary cannot itself be a parent, and a non-head-office cannot be one.
    const grandchild = await create({ code: `G-${unique()}`, name: 'G', parentCustomerId: sub.body.id });
    expect(grandchild.status).toBe(422);
    expect(grandchild.body.error.code).toBe('invalid_reference');
    expect((await put(sub.body.id, { isHeadOffice: true })).status).toBe(422);

    expect((await put(sub.body.id, { parentCustomerId: null })).status).toBe(200);
    const unmarked = await put(head.body.id, { isHeadOffice: false });
    expect(unmarked.status).toBe(200);
    expect(unmarked.body.isHeadOffice).toBe(false);
  });

  it('refuses an inactive head office as parent', async () => {
    const head = await create({ code: `H-${unique()}`, name: 'Head', isHeadOffice: true });
    expect((await put(head.body.id, { isActive: false })).status).toBe(200);
    const sub = await create({ code: `S-${unique()}`, name: 'Sub', parentCustomerId: head.body.id });
    expect(sub.status).toBe(422);
    expect(sub.body.error.message).toContain('parentCustomerId');
  });
});

describe('GET and PUT /customers/{id}', () => {
  it('is 404 for unknown ids and for another organisation', async () => {
    const mine = await create({ code: `N-${unique()}`, name: 'Mine' });
    expect((await call('GET', `/customers/${mine.body.id}`, { key: other.key })).status).toBe(404);
    expect((await put(mine.body.id, { name: 'x' }, other.key)).status).toBe(404);
    const missing = await call('GET', '/customers/nope', { key: t.key });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'not_found', message: 'Customer not found' });
  });

  it('merge-patches, ignores contacts/addresses keys, and propagates scalars to the primary contact and default address', async () => {
    const c = await create({
      code: `PT-${unique()}`,
      name: 'Patch',
      email: 'a@example.com',
      address: 'Old road',
      location: 'Oldtown',
      notes: 'keep',
    });
    await new Promise((r) => setTimeout(r, 5));
    const res = await put(c.body.id, {
      email: 'b@example.com',
      location: 'Newtown',
      notes: '',
      contacts: [{ name: 'ignored' }],
      addresses: [],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'b@example.com',
      location: 'Newtown',
      address: 'Old road',
      notes: null,
    });
    expect(res.body.contacts).toHaveLength(1);
    expect(res.body.contacts[0]).toMatchObject({ name: 'Patch', email: 'b@example.com', isPrimary: true });
    expect(res.body.addresses).toHaveLength(1);
    expect(res.body.addresses[0]).toMatchObject({ address: 'Old road', city: 'Newtown' });
    expect(res.body.updatedAt > c.body.updatedAt).toBe(true);
    expect((await put(c.body.id, { email: null })).status).toBe(400);

    const same = await put(c.body.id, { email: 'b@example.com' });
    expect(same.body.updatedAt).toBe(res.body.updatedAt);
    expect((await eventsFor(t.orgId, c.body.id)).map((e) => e.event)).toEqual([
      'customer.created',
      'customer.updated',
    ]);
    const audit = await listAudit(t.orgId, { resourceType: 'customer', resourceId: c.body.id });
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]!.changedFields).toEqual(
      expect.arrayContaining(['email', 'location', 'notes', 'contacts']),
    );
  });

  it('checks changed references on PUT (422 invalid_reference), not unchanged ones', async () => {
    const seller = await createSalesRep({ orgId: t.orgId, name: 'Temp', email: 'temp@example.com' });
    const c = await create({ code: `PR-${unique()}`, name: 'Refs', salesRepId: seller.id });
    await deactivateSalesRep({ orgId: t.orgId, id: seller.id });
    expect((await put(c.body.id, { notes: 'still editable' })).status).toBe(200);
    const other = await create({ code: `PR-${unique()}`, name: 'Refs 2' });
    const res = await put(other.body.id, { salesRepId: seller.id });
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({
      code: 'invalid_reference',
      message: 'salesRepId does not reference an existing active sales rep',
    });
    expect((await put(other.body.id, { customerGroupId: 'nope' })).body.error.code).toBe('invalid_reference');
  });

  it('gives 409 when changing to a code in use, and frees the old code', async () => {
    const a = await create({ code: `A-${unique()}`, name: 'A' });
    const b = await create({ code: `B-${unique()}`, name: 'B' });
    expect((await put(b.body.id, { code: a.body.code })).status).toBe(409);
    const moved = await put(a.body.id, { code: `A2-${unique()}` });
    expect(moved.status).toBe(200);
    expect((await create({ code: a.body.code, name: 'reuses' })).status).toBe(201);
  });
});

describe('GET /customers', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await newTenant('Customer lists');
    for (const [code, name, email] of [
      ['C3', 'charlie', 'c@x.example'],
      ['c1', 'Alpha', 'alpha@x.example'],
      ['B2', 'bravo', 'findme@x.example'],
    ]) {
      await create({ code, name, email }, tenant.key);
    }
    const inactive = await create({ code: 'Z9', name: 'Zulu' }, tenant.key);
    await put(inactive.body.id, { isActive: false }, tenant.key);
  });
  const list = (query: Record<string, string | number>) =>
    call('GET', '/customers', { key: tenant.key, query });
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((c) => c.name);

  it('lists active customers by name (case-insensitive) with pagination', async () => {
    const res = await list({});
    expect(names(res)).toEqual(['Alpha', 'bravo', 'charlie']);
    expect(res.body.pagination).toEqual({ total: 3, page: 1, pageSize: 50, totalPages: 1 });
    expect(res.body.data[0]).not.toHaveProperty('contacts');
    const paged = await list({ pageSize: 2, page: 2 });
    expect(names(paged)).toEqual(['charlie']);
  });

  it('filters by search (name, code, email), exact case-sensitive code, includeInactive true or 1', async () => {
    expect(names(await list({ search: 'FINDME' }))).toEqual(['bravo']);
    expect(names(await list({ search: 'c3' }))).toEqual(['charlie']);
    expect(names(await list({ code: 'c1' }))).toEqual(['Alpha']);
    expect(names(await list({ code: 'C1' }))).toEqual([]);
    expect(names(await list({ includeInactive: 'true' }))).toContain('Zulu');
    expect(names(await list({ includeInactive: 1 }))).toContain('Zulu');
    expect((await list({ includeInactive: 'yes' })).status).toBe(400);
  });

  it('sorts by the whitelist only, with sortDir case-insensitive', async () => {
    // Codes are case-sensitive identifiers, so they sort by their exact characters (c > C > B).
    expect(names(await list({ sortBy: 'code', sortDir: 'DESC' }))).toEqual(['Alpha', 'charlie', 'bravo']);
    expect(names(await list({ sortBy: 'createdAt' }))).toEqual(['charlie', 'Alpha', 'bravo']);
    const bad = await list({ sortBy: 'email' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_parameter');
  });

  it('searches a row by its name, code and email whether it stores its search text (before session 43) or not', async () => {
    const made = await create({ code: 'S7', name: 'Shape Foods', email: 'Orders@Shape.example' }, tenant.key);
    const key = customerKey(tenant.orgId, made.body.id);
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    // A row written now: the email beside the name and code, no search text and no second code.
    expect(Item!.slim).toMatchObject({ n: 'shape foods', k: 'S7', e: 'orders@shape.example' });
    expect(Object.keys(Item!.slim).sort()).toEqual(['a', 'c', 'e', 'id', 'k', 'n', 'u']);
    expect(Item!.GSI5PK).toBe(customerCollection(tenant.orgId));
    const cold = async (query: Record<string, string>) => names(await coldCall(tenant, '/customers', query));
    for (const search of ['shape f', 's7', 'orders@shape'])
      expect(await cold({ search })).toEqual(['Shape Foods']);
    expect(await cold({ code: 'S7' })).toEqual(['Shape Foods']);
    // A row of before: its stored search text and code answer (no e).
    await rewriteSlim(key, { t: 'shape foods\ns7\nold@shape.example', code: 'S7' }, ['e']);
    expect(await cold({ search: 'old@shape' })).toEqual(['Shape Foods']);
    expect(await cold({ search: 'orders@shape' })).toEqual([]);
    expect(await cold({ code: 'S7' })).toEqual(['Shape Foods']);
    await put(made.body.id, { isActive: false }, tenant.key);
  });

  it('supports modifiedSince for incremental sync', async () => {
    const all = await list({ sortBy: 'updatedAt', sortDir: 'asc' });
    const last = all.body.data[2];
    const since = await list({ modifiedSince: last.updatedAt, sortBy: 'updatedAt', sortDir: 'asc' });
    expect(names(since)).toEqual([last.name]);
    expect(names(await list({ modifiedSince: last.updatedAt }))).toEqual([last.name]);
  });
});
