// The embedded DynamoDB (dynalite) in its own process, so it runs on another core than the HTTP server.
// Usage: node dynaliteProcess.mjs <data path, empty: in memory> <port> [host]; prints {"port": n} once listening, or
// {"error": "<LevelDB code>"} when its database cannot be opened (LEVEL_LOCKED: another process has it open);
// stops on SIGTERM/SIGINT or when its parent goes.
import { createRequire } from 'node:module';
import dynalite from 'dynalite';

const [path, port = '0', host = '127.0.0.1'] = process.argv.slice(2);
const report = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

// dynalite opens its LevelDB lazily and fails only on the first request: open it once first (with the
// LevelDB package dynalite itself uses) to find out now
const { Level } = createRequire(createRequire(import.meta.url).resolve('dynalite'))('level');
if (path) {
  const probe = new Level(path);
  try {
    await probe.open();
    await probe.close();
  } catch (error) {
    report({ error: error.cause?.code ?? error.code });
    process.exit(3);
  }
}

const server = dynalite({ path: path || undefined, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
server.on('error', (error) => {
  console.error(`embedded DynamoDB: ${error.message}`);
  process.exit(1);
});
server.listen(Number(port), host, async () => {
  const { port: actual } = server.address();
  // one request loads dynalite's request path and its tables before the store says it is ready (it starts
  // while npm start loads the rest, so the first real request is not the slow one)
  await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${actual}/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.0',
      'X-Amz-Target': 'DynamoDB_20120810.ListTables',
      'X-Amz-Date': '20240101T000000Z',
      Authorization: 'AWS4-HMAC-SHA256 Credential=local/20240101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
    },
    body: '{}',
  }).catch(() => undefined);
  report({ port: actual });
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
