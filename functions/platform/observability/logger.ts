/**
 * The one logger of every function: Powertools Logger, JSON lines in Lambda (CloudWatch Logs Insights
 * queries them by field), a compact readable line on stderr locally. Level from LOG_LEVEL (DEBUG, INFO,
 * WARN, ERROR, SILENT; INFO by default); Lambda's own log-level setting wins when it is configured.
 */
import { Logger, LogLevelThreshold } from '@aws-lambda-powertools/logger';
import type { LogItem } from '@aws-lambda-powertools/logger';
import type { LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';
import { inLambda, SERVICE_NAME } from './runtime.js';
import { config } from '../config.js';

/** Attributes that say nothing on a developer's terminal. */
const QUIET = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'sampling_rate',
  'xray_trace_id',
  'cold_start',
]);

const LEVEL_NAMES = new Map<number, string>(
  Object.entries(LogLevelThreshold).map(([name, threshold]) => [threshold, name.slice(0, 5)]),
);

const scalar = (value: unknown): string =>
  typeof value === 'string' ? (/\s/.test(value) ? JSON.stringify(value) : value) : JSON.stringify(value);

/** Request fields the leading `GET /api/v1/products 200 12ms` already says, or that mean nothing locally. */
const SAID_BY_REQUEST = new Set(['route', 'method', 'status', 'latencyMs', 'apiRequestId']);

/**
 * `12:04:05 INFO  GET /api/v1/products 200 12ms operationId=listProducts orgId=...` for a request, else
 * `12:04:05 WARN  message key=value ...`; an error's stack goes on the lines below.
 */
export function readableLine(level: number, attributes: Record<string, unknown>): string {
  const time = new Date(String(attributes.timestamp ?? Date.now())).toISOString().slice(11, 19);
  const name = (LEVEL_NAMES.get(level) ?? 'LOG').padEnd(5);
  const request = typeof attributes.route === 'string' && typeof attributes.status === 'number';
  const parts = request
    ? [time, name, attributes.route, attributes.status, `${String(attributes.latencyMs)}ms`].map(String)
    : [time, name, String(attributes.message ?? '')];
  let stack = '';
  for (const [key, value] of Object.entries(attributes)) {
    if (QUIET.has(key) || (request && SAID_BY_REQUEST.has(key))) continue;
    if (value === undefined || value === null || value === '') continue;
    if (key === 'error' && typeof value === 'object') {
      const error = value as { name?: string; message?: string; stack?: string };
      parts.push(`error=${scalar(`${error.name ?? 'Error'}: ${error.message ?? ''}`)}`);
      stack = error.stack ? `\n${error.stack}` : '';
      continue;
    }
    parts.push(`${key}=${scalar(value)}`);
  }
  return `${parts.join(' ')}${stack}`;
}

/** Locally: the same logger, but each item printed as one readable line on stderr (stdout is for results). */
class ReadableLogger extends Logger {
  protected override printLog(level: number, log: LogItem): void {
    log.prepareForPrint();
    process.stderr.write(`${readableLine(level, log.getAttributes())}\n`);
  }
}

const options = {
  serviceName: SERVICE_NAME,
  logLevel: (config.logLevel ?? 'INFO').toUpperCase() as 'INFO',
};

let instance: Logger | undefined;

/**
 * The Powertools logger itself, built on first use rather than at import (issue 29 item 1: its
 * construction is part of a cold import otherwise); the first invocation's middleware builds it.
 */
export const powertoolsLogger = (): Logger =>
  (instance ??= inLambda() ? new Logger(options) : new ReadableLogger(options));

type Level = 'debug' | 'info' | 'warn' | 'error';

/** What the functions log through: the levels, each handed to the one logger. */
export const logger: Pick<Logger, Level> = {
  debug: (input: LogItemMessage, ...extra: LogItemExtraInput) => powertoolsLogger().debug(input, ...extra),
  info: (input: LogItemMessage, ...extra: LogItemExtraInput) => powertoolsLogger().info(input, ...extra),
  warn: (input: LogItemMessage, ...extra: LogItemExtraInput) => powertoolsLogger().warn(input, ...extra),
  error: (input: LogItemMessage, ...extra: LogItemExtraInput) => powertoolsLogger().error(input, ...extra),
};
