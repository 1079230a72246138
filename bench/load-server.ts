/**
 * One server of the load curve, in its own process so the load generator (in the bench process) does not
 * share its event loop: `ours` is the local HTTP adapter as `npm start` serves it (infra/local/
 * http-adapter.ts, the group handlers with the whole pipeline), `baseline` the plain handler of
 * bench/load-baseline.ts. Both use the process's one document client, on which DynamoDB calls are counted.
 * Talks to the bench over IPC: `ready` with its port, `stats` (requests served, DynamoDB calls made) on
 * request, with the process's CPU time, and exits on `stop` (so --cpu-prof writes its profile).
 */
import '../infra/node-support.js';
import { createServer, type RequestListener } from 'node:http';
import { db } from '../functions/platform/dynamo/client.js';

export type ServerKind = 'ours' | 'baseline';
export type ToServer = { type: 'stats' } | { type: 'stop' };
export type FromServer =
  | { type: 'ready'; port: number }
  | { type: 'stats'; requests: number; calls: number; cpuMs: number; commands: Record<string, number> };

interface Stack {
  add: (
    mw: (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => typeof next,
    options: { step: 'initialize'; name: string },
  ) => void;
}

const kind = process.env.LOAD_SERVER_KIND;
if (kind !== 'ours' && kind !== 'baseline') throw new Error(`LOAD_SERVER_KIND must be ours or baseline`);

let requests = 0;
let calls = 0;
const commands: Record<string, number> = {};
(db().middlewareStack as Stack).add(
  (next, context) => (args) => {
    calls += 1;
    const command = (context.commandName ?? 'Unknown').replace(/Command$/, '');
    commands[command] = (commands[command] ?? 0) + 1;
    return next(args);
  },
  { step: 'initialize', name: 'loadCallCounter' },
);

const listener: RequestListener =
  kind === 'ours'
    ? (await import('../infra/local/http-adapter.js')).handleHttp
    : (await import('./load-baseline.js')).baselineListener;
const server = createServer((req, res) => {
  requests += 1;
  void listener(req, res);
});

const reply = (message: FromServer) => process.send?.(message);
process.on('message', (message: ToServer) => {
  if (message.type === 'stats') {
    const { user, system } = process.cpuUsage();
    reply({ type: 'stats', requests, calls, cpuMs: (user + system) / 1000, commands: { ...commands } });
  }
  if (message.type === 'stop') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
// The bench went away without a stop: do not outlive it.
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  reply({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
