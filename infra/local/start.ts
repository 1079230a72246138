/**
 * `npm start`: the API at http://localhost:3000/api/v1 (PORT) over an embedded DynamoDB Local kept in
 * .data/ (or in memory with --in-memory), unless DYNAMODB_ENDPOINT points at another DynamoDB, plus the
 * event path: outbox -> stream -> publisher -> in-process bus -> webhook delivery, and the scheduled jobs.
 */
import '../node-support.js';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { API_PREFIX } from '../../functions/platform/catalogue/endpoint.js';
import { createApiKey } from '../../functions/areas/organisations/back-office/api-keys.js';
import { createOrganisation } from '../../functions/areas/organisations/back-office/organisations.js';
import { clientConfig } from '../../functions/platform/dynamo/client.js';
import { ensureTable } from '../../functions/platform/dynamo/create-table.js';
import { tableName } from '../../functions/platform/dynamo/table-definition.js';
import { startDynamoDbLocal, type LocalDynamo } from './dynamodb.js';
import { startEventsRuntime } from './events-runtime.js';
import { handleHttp } from './http-adapter.js';
import { startScheduledJobs } from './scheduled-jobs.js';

const DATA_DIR = '.data';
const inMemory = process.argv.includes('--in-memory');
const port = Number(process.env.PORT ?? 3000);
const dynamoPort = Number(process.env.DYNAMODB_LOCAL_PORT ?? 8000);

/** What has started so far, so a failure at any point stops exactly that. */
const started: {
  dynamo?: LocalDynamo;
  events?: { stop: () => void };
  jobs?: { stop: () => void };
  server?: Server;
} = {};
let stopping = false;

/** Stops whatever has started, in reverse order; DynamoDB Local is also killed on exit (dynamodb.ts). */
async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    started.server?.close();
    started.jobs?.stop();
    started.events?.stop();
    await started.dynamo?.stop();
  }
  process.exit(code);
}

function fail(message: string): Promise<never> {
  console.error(message);
  return stopAll(1);
}

// Registered before anything starts, so a signal or a crash at any point stops what is already running.
// A supervisor stops `npm start` with SIGTERM to npm alone (not the process group, as Ctrl-C does): npm
// passes it to its shell, which `exec` in package.json makes tsx itself, and tsx relays it here.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stopAll(0));
process.on('uncaughtException', (error) => void fail(`npm start failed: ${error.stack ?? String(error)}`));
process.on('unhandledRejection', (error) => void fail(`npm start failed: ${String(error)}`));

/** Whether something already listens on the port, tried the way the server and DynamoDB Local bind it. */
const portBusy = (candidate: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createNetServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
    probe.listen(candidate, () => probe.close(() => resolve(false)));
  });

const busy: string[] = [];
if (await portBusy(port)) busy.push(`Port ${port} (API) is already in use: set PORT to a free port.`);
if (!process.env.DYNAMODB_ENDPOINT && (await portBusy(dynamoPort))) {
  busy.push(
    `Port ${dynamoPort} (DynamoDB Local) is already in use: set DYNAMODB_LOCAL_PORT to a free port, or DYNAMODB_ENDPOINT=http://localhost:${dynamoPort} to use the DynamoDB already running there.`,
  );
}
if (busy.length > 0) await fail(busy.join('\n'));

if (!process.env.DYNAMODB_ENDPOINT) {
  const dynamo = (started.dynamo = await startDynamoDbLocal({
    port: dynamoPort,
    dataDir: inMemory ? undefined : join(DATA_DIR, 'dynamodb'),
  }));
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
      `New key: npm run --silent admin -- key create --org ${orgId}`,
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
started.events = await startEventsRuntime();
// Lot expiry, the overdue roll and the recount hourly, the snapshot refresh every 10 minutes: now (in the
// background) and then at those periods, as the stack's schedules.
started.jobs = startScheduledJobs();
const server = (started.server = createServer((req, res) => void handleHttp(req, res)));
// Lost the port between the check and now (another process took it): same one line, nothing left running.
server.once(
  'error',
  (error: NodeJS.ErrnoException) =>
    void fail(
      error.code === 'EADDRINUSE'
        ? `Port ${port} (API) is already in use: set PORT to a free port.`
        : `npm start failed: ${error.message}`,
    ),
);
server.listen(port, () => {
  console.log(
    `API listening on http://localhost:${port}${API_PREFIX} (DynamoDB ${process.env.DYNAMODB_ENDPOINT})`,
  );
  console.log(banner);
  console.log(
    `Events: stream publisher, webhook delivery, sweeper and scheduled jobs (lot expiry, overdue roll, recount hourly; snapshot refresh on mark and every 10 minutes) running${process.env.ALLOW_PRIVATE_WEBHOOK_URLS === '1' ? ' (private webhook urls allowed)' : ''}`,
  );
  console.log(`Try: curl -H "Authorization: Bearer <key>" http://localhost:${port}${API_PREFIX}/products`);
  console.log(`API reference: http://localhost:${port}${API_PREFIX}/docs`);
  console.log(`Console: http://localhost:${port}${API_PREFIX}/console (sign in with the key)`);
});
