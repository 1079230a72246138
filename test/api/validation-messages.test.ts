import { beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS, VALIDATED_SCHEMAS } from '../../schemas/index.js';
import { call, newTenant, type Tenant } from '../support/api.js';

let t: Tenant;
beforeAll(async () => {
  t = await newTenant('Validation messages org');
});

/** Every composite keyword in a schema, with where it sits. */
function composites(node: unknown, at: string, out: { at: string; keyword: string; value: unknown }[]) {
  if (Array.isArray(node)) node.forEach((n, i) => composites(n, `${at}[${i}]`, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (['not', 'oneOf', 'anyOf', 'allOf', 'if', 'then', 'else', 'dependentSchemas'].includes(key))
        out.push({ at, keyword: key, value });
      composites(value, `${at}.${key}`, out);
    }
  }
  return out;
}

describe('validation messages a client can get', () => {
  it('says a zero quantityChange must not be 0', async () => {
    const res = await call('POST', '/stock-adjustments', {
      key: t.key,
      body: { reason: 'FOUND', lines: [{ productId: 'p', warehouseId: 'w', quantityChange: 0 }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'lines[0].quantityChange', message: 'must not be 0' }]);
  });

  it('says a repeated webhook event is repeated, in words', async () => {
    const res = await call('POST', '/webhooks', {
      key: t.key,
      body: { url: 'https://hooks.example.com/in', events: ['product.created', 'product.created'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'events', message: 'must not repeat a value (items 0 and 1 are the same)' },
    ]);
  });

  it('says what a code may hold and what an email must be, not the regular expression or format name', async () => {
    const res = await call('POST', '/customers', {
      key: t.key,
      body: { code: 'has space', name: 'Words', email: 'nope' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'code', message: 'may contain only letters, digits, _ and -' },
      { path: 'email', message: 'must be an email address' },
    ]);
  });

  it('uses only composite schema shapes the message mapping words (sweep of schemas/)', () => {
    // Only what is validated at run time can produce a message; response and event schemas never do.
    const found = VALIDATED_SCHEMAS.flatMap((name) => composites(SCHEMAS[name], name, []));
    const unexplained = found.filter(({ keyword, value }) => {
      if (keyword === 'not') {
        // not: {} forbids any value ("is not accepted"); not: { const | enum } names what it forbids.
        const forbidden = value as object;
        return !(Object.keys(forbidden).length === 0 || 'const' in forbidden || 'enum' in forbidden);
      }
      if (keyword === 'anyOf') {
        // nullable(x) folds to "must be x or null" or x's own failure; emailOrEmpty reports its format.
        const branches = value as Record<string, unknown>[];
        const nullable = branches.some((b) => b.type === 'null');
        const emailOrEmpty =
          branches.some((b) => b.format === 'email') && branches.some((b) => b.maxLength === 0);
        // A keyword or a list (a key's permissions: "all" or names): the const names the keyword, and a
        // bad list item is named at its own path.
        const keywordOrList =
          branches.length === 2 &&
          branches.some((b) => 'const' in b) &&
          branches.some((b) => b.type === 'array');
        return !(nullable || emailOrEmpty || keywordOrList);
      }
      return true;
    });
    expect(unexplained).toEqual([]);
    expect(found.some((f) => f.keyword === 'not')).toBe(true);
  });
});
