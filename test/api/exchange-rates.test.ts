import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../infra/admin/cli.js';
import { setOrganisationExchangeRate } from '../../functions/areas/organisations/back-office/exchange-rates.js';
import { getExchangeRate } from '../../functions/areas/organisations/store/exchange-rates.js';
import { newTenant } from '../support/api.js';

describe('org set-exchange-rate', () => {
  it('prints the rate record and replaces an earlier rate of the currency', async () => {
    const t = await newTenant();
    const result = await runAdmin([
      'org',
      'set-exchange-rate',
      '--org',
      t.orgId,
      '--currency',
      'USD',
      '--rate',
      '1.6',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      currency: 'USD',
      rate: 1.6,
      baseCurrency: 'NZD',
      updatedAt: expect.any(String),
    });
    await setOrganisationExchangeRate(t.orgId, 'USD', '1.65');
    expect((await getExchangeRate(t.orgId, 'USD'))?.rate).toBe(1.65);
    expect(await getExchangeRate(t.orgId, 'EUR')).toBeNull();
  });

  it('rates are per organisation', async () => {
    const [a, b] = await Promise.all([newTenant(), newTenant()]);
    await setOrganisationExchangeRate(a.orgId, 'GBP', '2.1');
    expect(await getExchangeRate(b.orgId, 'GBP')).toBeNull();
  });

  it('refuses a malformed currency or rate (usage, exit 2), the base currency and an unknown organisation (exit 1)', async () => {
    const t = await newTenant();
    const run = (...flags: string[]) => runAdmin(['org', 'set-exchange-rate', '--org', t.orgId, ...flags]);
    for (const flags of [
      ['--currency', 'usd', '--rate', '1.5'],
      ['--currency', 'USDX', '--rate', '1.5'],
      ['--currency', 'USD', '--rate', '0'],
      ['--currency', 'USD', '--rate', '-2'],
      ['--currency', 'USD', '--rate', 'abc'],
    ]) {
      expect((await run(...flags)).code).toBe(2);
    }
    const base = await run('--currency', 'NZD', '--rate', '1');
    expect(base.code).toBe(1);
    expect(JSON.parse(base.stderr).error.message).toBe(
      "NZD is the organisation's base currency; it needs no exchange rate",
    );
    const unknown = await runAdmin([
      'org',
      'set-exchange-rate',
      '--org',
      'nope',
      '--currency',
      'USD',
      '--rate',
      '2',
    ]);
    expect(unknown.code).toBe(1);
  });
});
