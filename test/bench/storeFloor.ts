/**
 * The local server's floor (DESIGN "Budgets"): the embedded store alone, driven through the SDK without HTTP.
 * `connections` loops each send the quota write an accepted call makes (lib/store/usage reserveCall: one
 * conditional UpdateItem) back to back for `seconds`; prints {requests, rate, p50, p99} as one JSON line.
 *
 *   DYNAMODB_ENDPOINT=http://127.0.0.1:8000 node --import tsx test/bench/storeFloor.ts <seconds> <connections> <one|many>
 *
 * `one`: every loop writes the same usage item (one key); `many`: one item per loop (one key per connection).
 */
import { reserveCall } from '../../lib/store/usage';

const [seconds = '5', connections = '50', keys = 'one'] = process.argv.slice(2);
const latencies: number[] = [];
const started = performance.now();
const until = started + Number(seconds) * 1000;

async function loop(index: number): Promise<void> {
  const slot = { account: `bench-floor-${keys === 'one' ? 0 : index}`, periodStart: '1970-01-01', day: '1970-01-01', api: '/bench' };
  while (performance.now() < until) {
    const t0 = performance.now();
    await reserveCall(slot, Number.MAX_SAFE_INTEGER, new Date(), { endsBy: Date.now() + 10_000, waitUntil: Date.now() });
    latencies.push(performance.now() - t0);
  }
}

await Promise.all(Array.from({ length: Number(connections) }, (_, i) => loop(i)));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
console.log(JSON.stringify({ requests: latencies.length, rate: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) }));
process.exit(0);
