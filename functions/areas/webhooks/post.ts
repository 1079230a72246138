/**
 * One HTTP POST to a webhook target, connected to the address the url policy approved (DNS pinned: the
 * socket never asks DNS again), with the url's host name kept for the Host header, SNI and certificate
 * check. Redirects are never followed: a 3xx is a failed attempt like any other non-2xx.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AttemptResult } from '../../../domain/webhooks/delivery.js';

export interface PinnedPost {
  url: URL;
  address: string;
  family: 4 | 6;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** We read at most this much of a receiver's answer; only its status matters. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export function postPinned(input: PinnedPost): Promise<AttemptResult> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: input.address, family: input.family }]);
    else callback(null, input.address, input.family);
  };
  const request = input.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const req = request(
      input.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(input.body)),
          'user-agent': 'Stockflow-Webhooks/1',
        },
        timeout: input.timeoutMs,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        const status = res.statusCode ?? 0;
        const done = () =>
          settle(
            status >= 300 && status < 400
              ? {
                  kind: 'failed',
                  status,
                  error: `The receiver answered HTTP ${status}; redirects are not followed`,
                }
              : { kind: 'response', status },
          );
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('timeout', () => {
      req.destroy(new Error(`no answer within ${input.timeoutMs} ms`));
    });
    req.on('error', (error) => settle({ kind: 'failed', error: `POST failed: ${error.message}` }));
    req.end(input.body);
  });
}
