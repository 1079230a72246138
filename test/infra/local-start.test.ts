import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const listen = (port = 0) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
const portOf = (server: Server) => (server.address() as { port: number }).port;
const freePort = async () => {
  const server = await listen();
  const port = portOf(server);
  await new Promise((r) => server.close(r));
  return port;
};
/** Whether anything still listens on the port (binding it the way DynamoDB Local does). */
const listening = async (port: number) => {
  try {
    const server = await listen(port);
    await new Promise((r) => server.close(r));
    return false;
  } catch {
    return true;
  }
};

function start(env: Record<string, string>) {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  // The test run points DYNAMODB_ENDPOINT at its own DynamoDB; npm start must start its own here.
  delete childEnv.DYNAMODB_ENDPOINT;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('npx', ['tsx', 'infra/local/start.ts', '--in-memory'], { env: childEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let held: Server;
beforeAll(async () => {
  held = await listen();
});
afterAll(() => new Promise<void>((r) => held.close(() => r())));

describe('npm start', () => {
  it('with PORT busy says so in one line naming PORT, exits non-zero and starts nothing', async () => {
    const port = portOf(held);
    const dbPort = await freePort();
    const result = await start({ PORT: String(port), DYNAMODB_LOCAL_PORT: String(dbPort) });
    expect(result.code).not.toBe(0);
    const lines = result.stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
    expect(lines).toEqual([`Port ${port} (API) is already in use: set PORT to a free port.`]);
    expect(result.stderr).not.toContain('EADDRINUSE');
    expect(await listening(dbPort)).toBe(false);
  }, 60_000);

  it('with the DynamoDB Local port busy names DYNAMODB_LOCAL_PORT and does not reuse what listens there', async () => {
    const port = await freePort();
    const dbPort = portOf(held);
    const result = await start({ PORT: String(port), DYNAMODB_LOCAL_PORT: String(dbPort) });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(
      `Port ${dbPort} (DynamoDB Local) is already in use: set DYNAMODB_LOCAL_PORT`,
    );
    expect(await listening(port)).toBe(false);
  }, 60_000);

  it('stops DynamoDB Local when startup fails after it started', async () => {
    const port = await freePort();
    const dbPort = await freePort();
    // A table name DynamoDB refuses makes ensureTable throw once DynamoDB Local is up.
    const result = await start({ PORT: String(port), DYNAMODB_LOCAL_PORT: String(dbPort), TABLE_NAME: 'x' });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('npm start failed');
    expect(await listening(dbPort)).toBe(false);
    expect(await listening(port)).toBe(false);
  }, 120_000);
});
