/**
 * The one registry of endpoints. The CDK API stack makes one function and one route per entry, the local
 * server serves them, GET /openapi.json documents them and POST /mcp offers them as tools (lib/mcp/tools.ts);
 * nothing else lists routes. Definitions live
 * by family in lib/api/ and are gathered here; a handler imports only its family's file, so its
 * bundle carries only those definitions.
 */
import * as z from 'zod/mini';
import { defineEndpoint, type EndpointDefinition } from '../http/definition';
import { utilityEndpoints } from './utilities';
import { calendarEndpoints } from './calendars';
import { taxEndpoints } from './tax';
import { lookupEndpoints } from './lookups';
import { internetEndpoints } from './internet';
import { aviationEndpoints } from './aviation';
import { visionEndpoints } from './vision';
import { cryptoEndpoints, cryptoJobs } from './crypto';
import { stockEndpoints, stockJobs } from './stocks';
import { fundEndpoints, fundJobs } from './funds';
import { filingEndpoints, filingJobs } from './filings';
import { energyEndpoints, energyJobs } from './energy';
import { commodityEndpoints, commodityJobs } from './commodities';
import { rateEndpoints, rateJobs } from './rates';
import { mcpEndpoint } from './mcp';
import type { IngestionJobDefinition } from '../ingest/definition';
import { NOT_STORED } from '../http/caching';

const noParams = () => z.object({});

/** The endpoints of the API proper, by family. */
const familyEndpoints = {
  ...utilityEndpoints,
  ...calendarEndpoints,
  ...taxEndpoints,
  ...lookupEndpoints,
  ...internetEndpoints,
  ...aviationEndpoints,
  ...visionEndpoints,
  ...cryptoEndpoints,
  ...stockEndpoints,
  ...fundEndpoints,
  ...filingEndpoints,
  ...energyEndpoints,
  ...commodityEndpoints,
  ...rateEndpoints,
};

export const endpoints = {
  ...familyEndpoints,
  mcp: mcpEndpoint(Object.values(familyEndpoints)),
  openApi: defineEndpoint({
    path: '/openapi.json',
    method: 'GET',
    entry: 'functions/openApi.ts',
    summary: 'This API reference (OpenAPI 3.1)',
    access: 'public',
    metering: 'none',
    cache: { scope: 'public', maxAge: 3600 },
    params: noParams,
    response: { json: () => z.looseObject({ openapi: z.string() }) },
    layers: ['docs'],
  }),
  docs: defineEndpoint({
    path: '/docs',
    method: 'GET',
    entry: 'functions/docs.ts',
    summary: 'This API reference as a web page, with a console to try calls',
    description: 'Swagger UI rendering /openapi.json, self-contained (no CDN). GET / redirects here.',
    access: 'public',
    metering: 'none',
    cache: { scope: 'public', maxAge: 3600 },
    params: noParams,
    response: { text: 'text/html' },
    layers: ['docs'],
  }),
  notFound: defineEndpoint({
    path: '$default',
    method: 'ANY',
    entry: 'functions/notFound.ts',
    summary: 'Answers every path and method no endpoint serves (404, 405, 410), and redirects / to /docs',
    access: 'public',
    metering: 'none',
    cache: NOT_STORED,
    params: noParams,
    response: { json: () => z.object({ error: z.string(), code: z.string() }) },
  }),
};

export type EndpointName = keyof typeof endpoints;

/** The families as the API reference groups them (OpenAPI tags), each with its definitions. */
export const endpointTags: readonly { name: string; description: string; endpoints: object }[] = [
  { name: 'Market prices', description: 'Stocks and indices, crypto pairs, mutual funds', endpoints: { ...stockEndpoints, ...cryptoEndpoints, ...fundEndpoints } },
  { name: 'Commodities and energy', description: 'Commodity and oil futures, contract months, energy spot prices', endpoints: { ...commodityEndpoints, ...energyEndpoints } },
  { name: 'Rates', description: 'Central-bank policy rates, benchmarks, prime rates, LIBOR history', endpoints: rateEndpoints },
  { name: 'Company filings', description: 'Income statements and executive compensation from SEC EDGAR', endpoints: filingEndpoints },
  { name: 'Tax', description: 'Income tax tables and calculator (US, Canada), property tax rates', endpoints: taxEndpoints },
  { name: 'Calendars', description: 'Public and bank holidays', endpoints: calendarEndpoints },
  { name: 'Aviation and air quality', description: 'Aircraft types, airlines, airports, air quality', endpoints: aviationEndpoints },
  { name: 'Lookups', description: 'Phone numbers and VINs', endpoints: lookupEndpoints },
  { name: 'Internet', description: 'Email validation and web page metadata', endpoints: internetEndpoints },
  { name: 'Utilities', description: 'Counters, usage, jokes, profanity filter, barcodes, horoscopes', endpoints: utilityEndpoints },
  { name: 'Vision', description: 'Object detection in images', endpoints: visionEndpoints },
  { name: 'AI agents', description: 'Every endpoint as a tool over the Model Context Protocol (MCP)', endpoints: { mcp: endpoints.mcp } },
  { name: 'Service', description: 'This API reference', endpoints: {} },
];

const tagOf = (name: string) => endpointTags.find((tag) => name in tag.endpoints)?.name ?? 'Service';

/** Every endpoint with its name and tag; the definitions' schemas stay unbuilt until read (defineEndpoint). */
export type ListedEndpoint = EndpointDefinition & { name: string; tag: string };
export const endpointList: readonly ListedEndpoint[] = Object.entries(endpoints).map(([name, definition]) =>
  Object.defineProperties({ name, tag: tagOf(name) } as ListedEndpoint, Object.getOwnPropertyDescriptors(definition)),
);

/** Retired paths and their successors (410 gone). */
export const retiredPaths: Record<string, string> = {
  '/v1/libor': '/v1/liborhistorical',
  '/v1/interestrate': '/v2/interestrate',
  '/v1/incometax': '/v2/incometax',
};

/**
 * Scheduled ingestion jobs, by family: the CDK ingestion stack gives each a function and an EventBridge
 * rule, `npm start` runs them on the same schedules, and `npm run seed` runs those with recordings in this
 * order (a family's reference lists before the jobs that read them).
 */
export const ingestionJobs: readonly IngestionJobDefinition[] = [cryptoJobs, stockJobs, fundJobs, filingJobs, energyJobs, commodityJobs, rateJobs].flatMap(
  (family: Record<string, IngestionJobDefinition>) => Object.values(family),
);
