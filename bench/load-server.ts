/**
 * One server of the load curve, in its own process so the load generator (in the bench process) does not
 * share its event loop: `ours` is the local HTTP adapter as `npm start` serves it (infra/local/
 * http-adapter.ts, the group handlers with the whole pipeline), `baseline` the plain handler of
 * bench/load-baseline.ts. Both use the process's one document client, on which DynamoDB calls are counted.
 * Talks to the bench over IPC: `ready` with its port, `stats` (requests served, DynamoDB calls made) on
 * request, with the process's CPU time, and exits on `stop` (so --cpu-prof writes its profile).
 */
import '../infra/node-support.js';
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { db } from '../functions/platform/dynamo/client.js';

export type ServerKind = 'ours' | 'baseline';
export type ToServer = { type: 'stats' } | { type: 'stop' };
export type FromServer =
  | { type: 'ready'; port: number }
  | {
      type: 'stats';
      requests: number;
      calls: number;
      cpuMs: number;
      commands: Record<string, number>;
      /** The event loop's delay since the last stats (ms): how long a ready callback waited for the loop. */
      loopDelay: { p99: number; max: number };
    };

interface Stack {
  add: (
    mw: (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => typeof next,
    options: { step: 'initialize'; name: string },
  ) => void;
}

const kind = process.env.LOAD_SERVER_KIND;
if (kind !== 'ours' && kind !== 'baseline') throw new Error(`LOAD_SERVER_KIND must be ours or baseline`);

// Blocking shows as loop delay: every connection's next callback waits for the slice that holds the loop.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

let requests = 0;
let calls = 0;
const commands: Record<string, number> = {};
/** BENCH_LOAD_TRACE=<file prefix>: one line per request (path, server ms, DynamoDB commands, idle ms before). */
const TRACE = process.env.BENCH_LOAD_TRACE;
const requestCommands = new AsyncLocalStorage<string[]>();
const traced: string[] = [];
(db().middlewareStack as Stack).add(
  (next, context) => (args) => {
    calls += 1;
    const command = (context.commandName ?? 'Unknown').replace(/Command$/, '');
    commands[command] = (commands[command] ?? 0) + 1;
    requestCommands.getStore()?.push(command);
    return next(args);
  },
  { step: 'initialize', name: 'loadCallCounter' },
);

const listener: RequestListener =
  kind === 'ours'
    ? (await import('../infra/local/http-adapter.js')).handleHttp
    : (await import('./load-baseline.js')).baselineListener;

/**
 * Where a slow answer's time went: inside the server (its own ms), or before the server saw the request
 * (the connection's idle ms since its previous answer, which includes the client's own delay).
 */
const traceRequest: RequestListener = (req, res) => {
  const start = performance.now();
  const socket = req.socket as typeof req.socket & { lastAnswered?: number };
  const idle = socket.lastAnswered === undefined ? -1 : start - socket.lastAnswered;
  const made: string[] = [];
  res.on('finish', () => {
    socket.lastAnswered = performance.now();
    const path = (req.url ?? '').replace(/\/products\/[^?/]+$/, '/products/{id}');
    const ms = (socket.lastAnswered - start).toFixed(1);
    traced.push([path, ms, made.join(','), idle.toFixed(1)].join('\t'));
  });
  requestCommands.run(made, () => listener(req, res));
};

const server = createServer((req, res) => {
  requests += 1;
  void (TRACE ? traceRequest : listener)(req, res);
});

const reply = (message: FromServer) => process.send?.(message);
process.on('message', (message: ToServer) => {
  if (message.type === 'stats') {
    const { user, system } = process.cpuUsage();
    const delay = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
    loopDelay.reset();
    reply({
      type: 'stats',
      requests,
      calls,
      cpuMs: (user + system) / 1000,
      commands: { ...commands },
      loopDelay: delay,
    });
  }
  if (message.type === 'stop') {
    if (TRACE) writeFileSync(`${TRACE}-${kind}.tsv`, `${traced.join('\n')}\n`);
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
