/**
 * Local runs (npm start, npm run seed, the tests' server): no CloudWatch metrics on stdout, and logs from
 * WARN up unless LOG_LEVEL says otherwise (INFO logs one line per call). Import this module FIRST: the
 * logger (lib/http/observability.ts) reads its level when the first handler or job module is imported.
 */
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= process.env.LOG_LEVEL ?? 'WARN';
