import { PERIOD_SECONDS, type Period } from '../../lib/markets/timeSeries';
import { jsonReply, type RecordedRequest, type Responder } from './fakeUpstream';

/**
 * A fake Binance `/api/v3/klines` that answers like the real one for any window: klines of a pair listed
 * `listedDaysAgo` days before the fake clock, oldest first; with `startTime` the first `limit` from it,
 * otherwise the latest `limit` up to `endTime`; the last one is the still-open candle (close time after
 * the clock). Values are synthetic and deterministic (a function of symbol and open time). Symbols in
 * `unknownSymbols` get Binance's 400 {"code": -1121, "msg": "Invalid symbol."}.
 */
export interface FakeKlinesOptions {
  /** the fake clock, Unix ms (the open candle is the one containing it) */
  clock: () => number;
  listedDaysAgo?: number;
  unknownSymbols?: readonly string[];
}

const BASE_PRICES: Record<string, number> = { BTCUSDT: 91_000, ETHUSDT: 3_000, XRPUSDT: 2.1, ADAUSDT: 0.47 };

/** One kline row in Binance's 12-element format. */
export function klineRow(symbol: string, openMs: number, sizeMs: number): (string | number)[] {
  const base = BASE_PRICES[symbol] ?? 10;
  const step = openMs / sizeMs;
  const open = base * (1 + 0.02 * Math.sin(step / 7));
  const close = open * (1 + 0.002 * Math.cos(step / 3));
  const high = Math.max(open, close) * 1.001;
  const low = Math.min(open, close) * 0.999;
  const volume = 10 + (step % 17);
  const f = (v: number) => v.toFixed(8);
  return [openMs, f(open), f(high), f(low), f(close), f(volume), openMs + sizeMs - 1, f(volume * close), 100 + (step % 50), f(volume / 2), f((volume / 2) * close), '0'];
}

export function fakeKlines({ clock, listedDaysAgo = 2, unknownSymbols = [] }: FakeKlinesOptions): Responder {
  return (request: RecordedRequest) => {
    const symbol = request.query.get('symbol') ?? '';
    if (unknownSymbols.includes(symbol)) return jsonReply({ code: -1121, msg: 'Invalid symbol.' }, 400);
    const interval = request.query.get('interval') as Period;
    const sizeMs = PERIOD_SECONDS[interval] * 1000;
    const limit = Number(request.query.get('limit') ?? 500);
    const now = clock();
    const openCandle = Math.floor(now / sizeMs) * sizeMs;
    const firstListed = Math.ceil((now - listedDaysAgo * 86_400_000) / sizeMs) * sizeMs;
    const start = request.query.get('startTime');
    const end = request.query.get('endTime');
    const last = Math.min(openCandle, end === null ? Infinity : Math.floor(Number(end) / sizeMs) * sizeMs);
    const opens: number[] = [];
    if (start !== null) {
      for (let open = Math.max(firstListed, Math.ceil(Number(start) / sizeMs) * sizeMs); open <= last && opens.length < limit; open += sizeMs) opens.push(open);
    } else {
      for (let open = last; open >= firstListed && opens.length < limit; open -= sizeMs) opens.unshift(open);
    }
    return jsonReply(opens.map((open) => klineRow(symbol, open, sizeMs)));
  };
}
