import type { IngestionJobDefinition } from '../../lib/ingest/definition';

/** Endpoint definitions of this family (gathered by infra/registry.ts). */
export const cryptoEndpoints = {};

/** Scheduled ingestion jobs of this family, in the order `npm run seed` runs them. */
export const cryptoJobs = {} satisfies Record<string, IngestionJobDefinition>;
