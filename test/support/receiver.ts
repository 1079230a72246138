import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
}

/** A webhook receiver on loopback; `answer` decides each response status. */
export async function startReceiver(answer: (request: Received) => number = () => 200) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const status = answer(request);
      res.writeHead(status, status >= 300 && status < 400 ? { location: 'http://169.254.169.254/' } : {});
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
