import { execFileSync, spawn } from 'node:child_process';
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

/** Every process below `root`, read from ps (pid and parent pid of every process). */
function descendants(root: number): number[] {
  const parents = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  for (let frontier = [root]; frontier.length > 0;) {
    const children = parents.filter(([, ppid]) => frontier.includes(ppid)).map(([pid]) => pid);
    found.push(...children);
    frontier = children;
  }
  return found;
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

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

  it('SIGTERM to the npm process (as a supervisor sends it) stops tsx, node and DynamoDB Local', async () => {
    const port = await freePort();
    const dbPort = await freePort();
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: String(port),
      DYNAMODB_LOCAL_PORT: String(dbPort),
    };
    delete env.DYNAMODB_ENDPOINT;
    const npm = spawn('npm', ['start', '--', '--in-memory'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const exited = new Promise<void>((r) => npm.once('exit', () => r()));
    await new Promise<void>((resolve, reject) => {
      const onData = (d: Buffer) => {
        output += d.toString();
        if (output.includes('API listening')) resolve();
      };
      npm.stdout.on('data', onData);
      npm.stderr.on('data', (d: Buffer) => (output += d.toString()));
      void exited.then(() => reject(new Error(`npm start exited before it was ready:\n${output}`)));
    });
    const children = descendants(npm.pid!);
    // npm, its shell (now tsx), the node process tsx runs, and DynamoDB Local's java at least.
    expect(children.length).toBeGreaterThanOrEqual(3);
    expect(await listening(port)).toBe(true);
    npm.kill('SIGTERM');
    await exited;
    // 30 s, not 15: on a loaded 2-core CI machine Java's shutdown alone has taken longer (a supervisor such as
    // systemd waits 90 s before it kills).
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && children.some(alive)) await new Promise((r) => setTimeout(r, 200));
    const left = children.filter(alive);
    for (const pid of left) process.kill(pid, 'SIGKILL'); // nothing outlives a failed run of this test
    expect(left).toEqual([]);
    expect(await listening(port)).toBe(false);
    expect(await listening(dbPort)).toBe(false);
  }, 180_000);
});
