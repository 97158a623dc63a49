// The embedded DynamoDB (dynalite) in its own process, so it runs on another core than the HTTP server.
// Usage: node dynaliteProcess.mjs <data path> <port>; prints {"port": n} once listening; stops on SIGTERM/SIGINT.
import dynalite from 'dynalite';

const [path, port = '0'] = process.argv.slice(2);
const server = dynalite({ path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
server.on('error', (error) => {
  console.error(`embedded DynamoDB: ${error.message}`);
  process.exit(1);
});
server.listen(Number(port), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
