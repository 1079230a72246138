/**
 * `npm start`: the API at http://localhost:3000/api/v1 (PORT) over an embedded DynamoDB Local kept in
 * .data/ (or in memory with --in-memory), unless DYNAMODB_ENDPOINT points at another DynamoDB, plus the
 * event path: outbox -> stream -> publisher -> in-process bus -> webhook delivery.
 */
import '../node-support.js';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { API_PREFIX } from '../../functions/platform/catalogue/catalogue.js';
import { createApiKey } from '../../functions/areas/organisations/back-office/api-keys.js';
import { createOrganisation } from '../../functions/areas/organisations/back-office/organisations.js';
import { clientConfig } from '../../functions/platform/dynamo/client.js';
import { ensureTable } from '../../functions/platform/dynamo/create-table.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { startDynamoDbLocal, type LocalDynamo } from './dynamodb.js';
import { startEventsRuntime } from './events-runtime.js';
import { handleHttp } from './http-adapter.js';

const DATA_DIR = '.data';
const inMemory = process.argv.includes('--in-memory');
const port = Number(process.env.PORT ?? 3000);

let dynamo: LocalDynamo | undefined;
if (!process.env.DYNAMODB_ENDPOINT) {
  dynamo = await startDynamoDbLocal({
    port: Number(process.env.DYNAMODB_LOCAL_PORT ?? 8000),
    dataDir: inMemory ? undefined : join(DATA_DIR, 'dynamodb'),
  });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
}
const client = new DynamoDBClient(clientConfig());
await ensureTable(client, tableName());
client.destroy();

/** The demo organisation is created once per data directory; its key can only be shown at creation. */
async function ensureDemo(): Promise<string> {
  const marker = join(DATA_DIR, 'demo.json');
  if (!inMemory && existsSync(marker)) {
    const { orgId } = JSON.parse(readFileSync(marker, 'utf8')) as { orgId: string };
    return [
      `Demo organisation: ${orgId} (its API key was printed on first start).`,
      `New key: npm run admin -- key create --org ${orgId}`,
    ].join('\n');
  }
  const org = await createOrganisation({ name: 'Demo organisation' });
  const key = await createApiKey({ orgId: org.id, name: 'demo', scopes: ['write'], permissions: 'all' });
  if (!inMemory) {
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(marker, JSON.stringify({ orgId: org.id, keyId: key.id }, null, 2));
  }
  return [`Demo organisation: ${org.id}`, `Demo API key (shown once): ${key.key}`].join('\n');
}

const banner = await ensureDemo();
const events = await startEventsRuntime();
const server = createServer((req, res) => void handleHttp(req, res));
server.listen(port, () => {
  console.log(
    `API listening on http://localhost:${port}${API_PREFIX} (DynamoDB ${process.env.DYNAMODB_ENDPOINT})`,
  );
  console.log(banner);
  console.log(
    `Events: stream publisher, webhook delivery and sweeper running${process.env.ALLOW_PRIVATE_WEBHOOK_URLS === '1' ? ' (private webhook urls allowed)' : ''}`,
  );
  console.log(`Try: curl -H "Authorization: Bearer <key>" http://localhost:${port}${API_PREFIX}/products`);
});

const shutdown = async () => {
  server.close();
  events.stop();
  await dynamo?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
