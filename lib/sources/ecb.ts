import { Parser } from 'htmlparser2';
import { isCalendarDate } from '../time/calendarDate';
import { createHttpClient, type HttpClientOptions } from './http';

/**
 * The ECB euro foreign exchange reference rates (eurofxref), the official ECB files:
 * `https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml` (the latest day) and
 * `eurofxref-hist-90d.xml` (the last 90 days, same format), published around 16:00 CET on TARGET
 * working days. Format (gesmes envelope, namespace http://www.ecb.int/vocabulary/2002-08-01/eurofxref):
 *
 *   <gesmes:Envelope …><gesmes:subject>Reference rates</gesmes:subject>…
 *     <Cube><Cube time='2026-11-20'><Cube currency='USD' rate='1.0575'/>…</Cube>…</Cube>
 *   </gesmes:Envelope>
 *
 * Rates are units of the currency per 1 EUR. The 90-day file is used so that a missed run (or the first
 * one) fills the gap; ECB_BASE_URL overrides the host (tests, seed). No key; no published rate limit.
 * A document without the closing envelope (truncated), without any day, or a day without a USD rate is
 * rejected: the job needs USD to cross every other currency.
 */
export const ECB_BASE_URL_ENV = 'ECB_BASE_URL';
export const ECB_DAILY_PATH = '/stats/eurofxref/eurofxref-daily.xml';
export const ECB_90_DAYS_PATH = '/stats/eurofxref/eurofxref-hist-90d.xml';

export interface EcbDay {
  /** YYYY-MM-DD */
  date: string;
  /** currency → units per 1 EUR */
  rates: Record<string, number>;
}

export class EcbPayloadError extends Error {}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Every day of an eurofxref document, newest first as published (sorted newest first here too). */
export function parseEcbReferenceRates(xml: string): EcbDay[] {
  const days: EcbDay[] = [];
  let current: EcbDay | undefined;
  let envelopeOpen = false;
  let envelopeClosed = false;
  let problem: string | undefined;
  const fail = (message: string) => {
    problem ??= message;
  };
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        const name = localName(tag);
        if (name === 'Envelope') envelopeOpen = true;
        if (name !== 'Cube') return;
        if (attributes.time !== undefined) {
          if (!isCalendarDate(attributes.time)) fail(`day '${attributes.time}' is not a date`);
          current = { date: attributes.time, rates: {} };
          days.push(current);
        } else if (attributes.currency !== undefined) {
          const currency = attributes.currency.trim();
          const rate = Number(attributes.rate);
          if (!current) fail(`rate of ${currency} outside a day`);
          else if (!/^[A-Z]{3}$/.test(currency)) fail(`'${currency}' is not a currency code`);
          else if (!(attributes.rate ?? '').trim() || !Number.isFinite(rate) || rate <= 0) fail(`${current.date} ${currency}: rate '${attributes.rate}' is not a positive number`);
          else current.rates[currency] = rate;
        }
      },
      onclosetag(tag, isImplied) {
        // closed by the end of the text rather than by a closing tag: the download was cut off
        if (localName(tag) === 'Envelope' && !isImplied) envelopeClosed = true;
      },
    },
    { xmlMode: true },
  );
  parser.write(xml);
  parser.end();
  if (!envelopeOpen) throw new EcbPayloadError('not an ECB reference rates document (no gesmes:Envelope)');
  if (!envelopeClosed) throw new EcbPayloadError('the document ends before the envelope closes (truncated)');
  if (problem) throw new EcbPayloadError(problem);
  if (days.length === 0) throw new EcbPayloadError('no reference rates in the document');
  for (const day of days) if (day.rates.USD === undefined) throw new EcbPayloadError(`${day.date}: no USD rate`);
  return days.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

export interface EcbClient {
  /** the last 90 days of reference rates, newest first */
  last90Days(): Promise<EcbDay[]>;
  /** the latest day only */
  latest(): Promise<EcbDay[]>;
}

export function ecbClient(options: Partial<HttpClientOptions> = {}): EcbClient {
  const http = createHttpClient({
    baseUrl: process.env.ECB_BASE_URL?.trim() || 'https://www.ecb.europa.eu',
    timeoutMs: 10_000,
    retries: 3,
    backoffMs: 500,
    headers: { 'User-Agent': process.env.UPSTREAM_USER_AGENT ?? 'data-query-service/0.1 (market data ingestion)' },
    ...options,
  });
  return {
    last90Days: () => http.getText(ECB_90_DAYS_PATH, {}, parseEcbReferenceRates),
    latest: () => http.getText(ECB_DAILY_PATH, {}, parseEcbReferenceRates),
  };
}
