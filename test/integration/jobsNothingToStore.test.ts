import { handler as companiesJob } from '../../functions/ingest/filingCompanies';
import { handler as filingFactsJob } from '../../functions/ingest/filingFacts';
import { handler as filingProxiesJob } from '../../functions/ingest/filingProxies';
import { handler as fundPricesJob } from '../../functions/ingest/fundPrices';
import { handler as rateBcbJob } from '../../functions/ingest/rateBcb';
import { handler as rateBisJob } from '../../functions/ingest/rateBis';
import { handler as rateEcbJob } from '../../functions/ingest/rateEcb';
import { handler as stockDailyBarsJob } from '../../functions/ingest/stockDailyBars';
import { handler as stockDailyBarsSettleJob } from '../../functions/ingest/stockDailyBarsSettle';
import { handler as stockQuotesJob } from '../../functions/ingest/stockQuotes';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasetsDir } from '../../infra/reference-data/build';
import { BIS_RECORDED_AT, BIS_SWISS_RECORDING } from '../../lib/api/rates';
import { CENTRAL_BANK_COUNTRIES, CENTRAL_BANKS } from '../../lib/rates/catalogue';
import { ESTR_SERIES, TJLP_SERIES } from '../../lib/rates/publishers';
import { jobRuns, type JobEvent, type JobHandler } from '../../lib/ingest/job';
import { fixtureReply, fixtureText, recordingReply, startFakeUpstream, type FakeReply, type FakeUpstream } from '../support/fakeUpstream';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Issue 16, item 7: the nine jobs that recorded success with nothing written when their upstream answered
 * 404 or an empty envelope for everything they asked for. Such a run now fails: the job throws (Lambda
 * retries it, then the dead-letter queue the ingestion stack alarms on) and job-runs records the error.
 */
const ENV = {
  YAHOO_CHART_BASE_URL: '',
  SEC_WWW_BASE_URL: '',
  SEC_DATA_BASE_URL: '',
  BIS_BASE_URL: '',
  ECB_DATA_BASE_URL: '',
  BCB_BASE_URL: '',
  STOCK_WATCHLIST: 'AAPL,MSFT',
  FUND_WATCHLIST: 'VFIAX,FXAIX',
  FILINGS_WATCHLIST: 'AAPL,NVDA',
  UPSTREAM_PACING: 'off',
};
const saved = Object.fromEntries(Object.keys(ENV).map((name) => [name, process.env[name]]));
const RATES_RUN: JobEvent = { time: '2025-06-20T12:00:00Z', log: false };
/** BIS: run when its real Swiss response (monthly, to 2026-02) was prepared */
const BIS_RUN: JobEvent = { time: BIS_RECORDED_AT, log: false };
const BIS_PATH = `/api/v2/data/dataflow/BIS/WS_CBPOL/1.0/${encodeURIComponent(`D.${CENTRAL_BANK_COUNTRIES.map((c) => CENTRAL_BANKS[c].area).join('+')}`)}`;
const ESTR_PATH = `/service/data/${ESTR_SERIES}`;
const SGS_PATH = `/dados/serie/bcdata.sgs.${TJLP_SERIES}/dados`;
const csv = (body: string): FakeReply => ({ status: 200, headers: { 'Content-Type': 'text/csv' }, body });

let server: TestServer;
let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  for (const [name, value] of Object.entries(ENV)) process.env[name] = value || upstream.url;
  server = await startTestServer();
  // what the jobs build on: the SEC ticker list (real, 2024-05) and a first, successful run of each rate job
  upstream.on('/files/company_tickers.json', recordingReply('sec/company_tickers-2024-05.json'));
  upstream.on(BIS_PATH, csv(fixtureText('rates-bis', 'ws_cbpol_daily.csv')));
  upstream.on('/api/v2/data/dataflow/BIS/WS_CBPOL/1.0/M.CH', { status: 200, body: readFileSync(join(datasetsDir()!, BIS_SWISS_RECORDING), 'utf8') });
  upstream.on(ESTR_PATH, csv(fixtureText('rates-ecb', 'estr.csv')));
  upstream.on(SGS_PATH, fixtureReply('rates-bcb', 'tjlp.json'));
  await companiesJob({ log: false });
  await rateBisJob(BIS_RUN);
  for (const job of [rateEcbJob, rateBcbJob]) await job(RATES_RUN);
  upstream.reset();
  // from here on: every path 404 (the fake's default), the ECB's €STR an empty csvdata envelope
  upstream.on(ESTR_PATH, csv(fixtureText('rates-ecb', 'estr.csv').split('\n', 1)[0]! + '\n'));
}, 120_000);
afterAll(async () => {
  await server.close();
  await upstream.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const NINE: [string, JobHandler, JobEvent][] = [
  ['stockQuotes', stockQuotesJob, { log: false }],
  ['stockDailyBars', stockDailyBarsJob, { log: false }],
  ['stockDailyBarsSettle', stockDailyBarsSettleJob, { log: false }],
  ['fundPrices', fundPricesJob, { log: false }],
  ['filingFacts', filingFactsJob, { log: false }],
  ['filingProxies', filingProxiesJob, { log: false }],
  ['rateBis', rateBisJob, BIS_RUN],
  ['rateEcb', rateEcbJob, RATES_RUN],
  ['rateBcb', rateBcbJob, RATES_RUN],
];

test.each(NINE)('%s: a run whose upstream answers 404 or an empty envelope for everything fails and records why', async (name, job, event) => {
  // Prepare
  const before = (await jobRuns.get(name, new Date()))?.value;

  // Act
  const error = await job(event).then(
    () => undefined,
    (e: unknown) => e as Error,
  );

  // Assess
  expect(error?.message).toMatch(/^asked the upstream for \d+ items? and had nothing to store/);
  const run = (await jobRuns.get(name, new Date()))!.value;
  expect(run.last_error).toBe(error!.message.slice(0, 500));
  expect(run.last_success).toBe(before?.last_success ?? null);
});
