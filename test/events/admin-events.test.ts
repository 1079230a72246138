import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../infra/admin/cli.js';
import { call, newTenant } from '../support/api.js';
import { outboxItems } from '../support/outbox.js';
import { startReceiver } from '../support/receiver.js';

const admin = async (...argv: string[]) => {
  const result = await runAdmin(argv);
  return { ...result, json: result.stdout ? JSON.parse(result.stdout) : null };
};

beforeAll(() => {
  process.env.ALLOW_PRIVATE_WEBHOOK_URLS = '1';
});
afterAll(() => {
  delete process.env.ALLOW_PRIVATE_WEBHOOK_URLS;
});

describe('back-office event commands', () => {
  it('outbox sweep publishes what the stream left behind; webhooks dispatch sends it now', async () => {
    const tenant = await newTenant('Admin events org');
    const receiver = await startReceiver(() => 200);
    try {
      await call('POST', '/webhooks', {
        key: tenant.key,
        body: { url: receiver.url, events: ['product.created'] },
      });
      await call('POST', '/products', { key: tenant.key, body: { sku: 'AD-1', name: 'Admin swept' } });

      const young = await admin('outbox', 'sweep', '--org', tenant.orgId);
      expect(young).toMatchObject({ code: 0, json: { found: 0, published: 0, failed: 0 } });
      const swept = await admin('outbox', 'sweep', '--org', tenant.orgId, '--older-than-seconds', '0');
      expect(swept).toMatchObject({ code: 0, json: { found: 1, published: 1, failed: 0 } });
      expect((await outboxItems(tenant.orgId)).map((i) => i.published)).toEqual([true]);

      const dispatched = await admin('webhooks', 'dispatch', '--org', tenant.orgId);
      expect(dispatched).toMatchObject({
        code: 0,
        json: { due: 1, delivered: 1, retrying: 0, dead: 0, skipped: 0 },
      });
      expect(receiver.received.map((r) => JSON.parse(r.raw).event)).toEqual(['product.created']);
    } finally {
      await receiver.close();
    }
  });

  it('rejects bad flags with a usage error', async () => {
    const bad = await admin('outbox', 'sweep', '--older-than-seconds', 'soon');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--older-than-seconds must be a whole number/);
  });
});
