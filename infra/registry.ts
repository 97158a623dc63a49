/**
 * The one registry of endpoints. The CDK API stack makes one function and one route per entry, the local
 * server serves them, and GET /openapi.json documents them; nothing else lists routes. Definitions live
 * by family in infra/endpoints/ and are gathered here; a handler imports only its family's file, so its
 * bundle carries only those definitions.
 */
import * as z from 'zod/mini';
import { defineEndpoint, type EndpointDefinition } from '../lib/http/definition';
import { utilityEndpoints } from './endpoints/utilities';
import { calendarEndpoints } from './endpoints/calendars';
import { taxEndpoints } from './endpoints/tax';
import { lookupEndpoints } from './endpoints/lookups';
import { internetEndpoints } from './endpoints/internet';
import { aviationEndpoints } from './endpoints/aviation';
import { visionEndpoints } from './endpoints/vision';

const noParams = z.object({});

export const endpoints = {
  ...utilityEndpoints,
  ...calendarEndpoints,
  ...taxEndpoints,
  ...lookupEndpoints,
  ...internetEndpoints,
  ...aviationEndpoints,
  ...visionEndpoints,
  openApi: defineEndpoint({
    path: '/openapi.json',
    method: 'GET',
    entry: 'functions/openApi.ts',
    summary: 'This API reference (OpenAPI 3.1)',
    access: 'public',
    metering: 'none',
    params: noParams,
    response: { json: z.looseObject({ openapi: z.string() }) },
  }),
  notFound: defineEndpoint({
    path: '$default',
    method: 'ANY',
    entry: 'functions/notFound.ts',
    summary: 'Answers every path and method no endpoint serves (404, 405, 410)',
    access: 'public',
    metering: 'none',
    params: noParams,
    response: { json: z.object({ error: z.string(), code: z.string() }) },
  }),};

export type EndpointName = keyof typeof endpoints;

export const endpointList: ReadonlyArray<EndpointDefinition & { name: string }> = Object.entries(endpoints).map(
  ([name, definition]) => ({ name, ...(definition as unknown as EndpointDefinition) }),
);

/** Retired paths and their successors (410 gone). */
export const retiredPaths: Record<string, string> = {
  '/v1/libor': '/v1/liborhistorical',
  '/v1/interestrate': '/v2/interestrate',
  '/v1/incometax': '/v2/incometax',
};

/** A scheduled ingestion job: the CDK ingestion stack wires it to an EventBridge schedule. */
export interface IngestionJob {
  name: string;
  /** handler module, relative to the project root */
  entry: string;
  /** EventBridge schedule expression, e.g. rate(1 hour) or cron(0 22 ? * MON-FRI *) */
  schedule: string;
  timeoutSeconds?: number;
  memoryMb?: number;
  tables?: EndpointDefinition['tables'];
}

/** Scheduled ingestion jobs (the market-data issues add them here). */
export const ingestionJobs: IngestionJob[] = [];
