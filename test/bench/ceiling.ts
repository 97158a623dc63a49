/**
 * The machine's ceiling for the local server load test: a bare node:http server in its own process answering
 * every request with the same status, headers and body the service answered (captured by the bench).
 * Prints {"port": n} once listening.
 *
 *   node --import tsx test/bench/ceiling.ts <response.json>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const [file = ''] = process.argv.slice(2);
const response = JSON.parse(readFileSync(file, 'utf8')) as { status: number; headers: Record<string, string>; body: string };
const body = Buffer.from(response.body);
const headers = { ...response.headers, 'content-length': String(body.length) };

const server = createServer((_req, res) => {
  res.writeHead(response.status, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
