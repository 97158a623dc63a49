import * as z from 'zod/mini';

/**
 * Data fed from recordings by `npm run seed` (never by a live upstream) are served with `"sample": true`;
 * live data carry no such field. One rule for every market and filing endpoint: spread `sampleMark(...)`
 * into each object served (each element of an array response).
 */
export function sampleMark(...stored: readonly { sample: boolean }[]): { sample?: true } {
  return stored.some((s) => s.sample) ? { sample: true } : {};
}

/** The field in response schemas (API reference). */
export const sampleField = () =>
  z.optional(
    z.literal(true).check(z.meta({ description: 'Present (true) only when the data come from recorded sample payloads (npm run seed, or local runs without internet), never on live data.' })),
  );
