/**
 * Loads a web page for /v1/webpage, safely: only public addresses (checked after DNS resolution, for the
 * first request and for every redirect, and the connection goes to exactly the addresses checked, so a
 * second DNS answer cannot point it elsewhere), a total time limit, a redirect limit and a body size cap
 * (after decompression).
 */
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { refusedAddressReason, refusedHostnameReason, hostPortKey } from './addressPolicy';
import { DnsLookupError, type DnsResolver } from './dns';
import { hostOf, portOf } from './targetUrl';

export const DEFAULT_FETCH_LIMITS = { timeoutMs: 10_000, maxRedirects: 5, maxBytes: 5 * 1024 * 1024 };

export interface FetchOptions {
  resolver: DnsResolver;
  timeoutMs: number;
  maxRedirects: number;
  maxBytes: number;
  /** `address:port` pairs fetched although refused (test-only; see parseAllowedTestHosts) */
  allowedTestHosts?: ReadonlySet<string>;
  userAgent?: string;
}

export interface FetchedPage {
  /** the URL of the page after redirects */
  url: URL;
  /** Content-Type of the response, null when it sent none */
  contentType: string | null;
  body: Buffer;
}

/** The URL (or a redirect) points at an address we do not fetch: the caller's input is at fault (400). */
export class RefusedTargetError extends Error {
  override readonly name = 'RefusedTargetError';
}

/** The target failed: unreachable, timed out, too large, too many redirects, an error status, not HTML (502). */
export class PageFetchError extends Error {
  override readonly name = 'PageFetchError';
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** `promise`, or a rejection as soon as `signal` aborts (the listener is removed either way). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The addresses a URL's host may be reached at, every one of them checked; throws when any is refused. */
async function checkedAddresses(url: URL, options: FetchOptions, signal: AbortSignal): Promise<string[]> {
  const host = hostOf(url);
  const port = portOf(url);
  const allowed = (address: string) => options.allowedTestHosts?.has(hostPortKey(address, port)) ?? false;
  const refuse = (address: string, reason: string, via?: string): never => {
    throw new RefusedTargetError(`${via ? `${via} resolves to ${address}` : address}, ${reason}; only public internet addresses are fetched.`);
  };

  if (isIP(host)) {
    const reason = refusedAddressReason(host);
    if (reason && !allowed(host)) refuse(host, reason);
    return [host];
  }
  const nameReason = refusedHostnameReason(host);
  if (nameReason) throw new RefusedTargetError(`${host} is ${nameReason}; only public internet addresses are fetched.`);

  const answers = await untilAborted(Promise.allSettled([options.resolver.resolve4(host), options.resolver.resolve6(host)]), signal);
  const addresses = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
  if (addresses.length === 0) {
    const failures = answers.map((answer) => (answer.status === 'rejected' ? answer.reason : undefined));
    const definite = failures.every((error) => error instanceof DnsLookupError && error.isAnswer);
    throw new PageFetchError(definite ? `The host ${host} does not exist (no DNS address records).` : `The DNS lookup of ${host} failed.`);
  }
  for (const address of addresses) {
    const reason = refusedAddressReason(address);
    if (reason && !allowed(address)) refuse(address, reason, host);
  }
  return addresses;
}

/** A `lookup` that answers with the addresses already checked, so the socket connects to one of them. */
function pinnedLookup(addresses: string[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = typeof options === 'object' ? options.family : undefined;
    const list = addresses
      .map((address) => ({ address, family: isIP(address) }))
      .filter((entry) => !family || family === entry.family || (family === 'IPv4' && entry.family === 4) || (family === 'IPv6' && entry.family === 6));
    if (list.length === 0) {
      callback(Object.assign(new Error('no checked address of the requested family'), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (typeof options === 'object' && options.all) (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
}

function send(url: URL, addresses: string[], options: FetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const requestOptions: RequestOptions = {
    method: 'GET',
    agent: false,
    signal,
    lookup: pinnedLookup(addresses),
    headers: {
      'User-Agent': options.userAgent ?? 'DataQueryService-Webpage/1.0',
      Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
      'Accept-Encoding': 'gzip, deflate, br',
      'Accept-Language': 'en;q=1.0, *;q=0.5',
    },
  };
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, requestOptions, resolve);
    request.on('error', reject);
    request.end();
  });
}

/** The body, decompressed, at most maxBytes; rejects when it is larger. */
function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  let stream: Readable = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(createInflate());
  else if (encoding === 'br') stream = response.pipe(createBrotliDecompress());
  else if (encoding !== '' && encoding !== 'identity') {
    response.destroy();
    return Promise.reject(new PageFetchError(`The page uses an unsupported content encoding (${encoding}).`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    // the first failure wins: destroying the streams below emits further (synchronous) events
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
      response.destroy();
      stream.destroy();
    };
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) fail(new PageFetchError(`The page is larger than ${maxBytes / (1024 * 1024)} MB.`));
      else chunks.push(chunk);
    });
    stream.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    stream.on('error', (error) => fail(error));
    response.on('error', (error) => fail(error));
    response.on('aborted', () => fail(new Error('connection closed')));
  });
}

/** true for an HTML media type; a missing Content-Type is decided later from the body */
export function isHtmlType(contentType: string | null): boolean {
  if (contentType === null) return true;
  return HTML_TYPES.has(contentType.split(';')[0]!.trim().toLowerCase());
}

/** Why a low-level request error happened, in words for the caller. */
function describeFailure(error: unknown, url: URL, options: FetchOptions, signal: AbortSignal): Error {
  if (error instanceof RefusedTargetError || error instanceof PageFetchError) return error;
  if (signal.aborted) return new PageFetchError(`The page did not load within ${options.timeoutMs / 1000} s.`);
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ECONNREFUSED') return new PageFetchError(`${url.host} refused the connection.`);
  if (code === 'ECONNRESET' || code === 'EPIPE') return new PageFetchError(`${url.host} closed the connection.`);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return new PageFetchError(`${url.host} is unreachable.`);
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'EPROTO') {
    return new PageFetchError(`The TLS connection to ${url.host} failed (${code}).`);
  }
  if (code.startsWith('HPE_')) return new PageFetchError(`${url.host} sent an invalid HTTP response.`);
  return new PageFetchError(`Loading the page from ${url.host} failed${code ? ` (${code})` : ''}.`);
}

/** Loads `start`, following up to maxRedirects redirects, each one checked like the first. */
export async function fetchPage(start: URL, options: FetchOptions): Promise<FetchedPage> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const signal = controller.signal;
  let url = start;
  try {
    for (let redirects = 0; ; redirects++) {
      let response: IncomingMessage;
      try {
        const addresses = await checkedAddresses(url, options, signal);
        response = await send(url, addresses, options, signal);
      } catch (error) {
        throw describeFailure(error, url, options, signal);
      }
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location) throw new PageFetchError(`The page answered HTTP ${status} without a Location to redirect to.`);
        if (redirects >= options.maxRedirects) throw new PageFetchError(`The page redirected more than ${options.maxRedirects} times.`);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new PageFetchError(`The page redirected to an invalid URL.`);
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          throw new PageFetchError(`The page redirected to a non-http(s) URL (${next.protocol.replace(/:$/, '')}).`);
        }
        if (next.hash === '') next.hash = url.hash; // a redirect without a fragment keeps the one asked for
        next.username = '';
        next.password = '';
        url = next;
        continue;
      }
      if (status < 200 || status > 299) {
        response.resume();
        throw new PageFetchError(`The page answered HTTP ${status}.`);
      }
      const contentType = response.headers['content-type'] ?? null;
      if (!isHtmlType(contentType)) {
        response.resume();
        throw new PageFetchError(`The URL is not an HTML page (Content-Type ${contentType}).`);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        response.destroy();
        throw new PageFetchError(`The page is larger than ${options.maxBytes / (1024 * 1024)} MB.`);
      }
      try {
        return { url, contentType, body: await readBody(response, options.maxBytes) };
      } catch (error) {
        throw describeFailure(error, url, options, signal);
      }
    }
  } finally {
    clearTimeout(timer);
  }
}
