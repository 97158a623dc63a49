import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * Structured logs and metrics. Only call counts, statuses and timings are recorded: never parameters,
 * bodies, responses or API keys (the service's promise to its users).
 */
export const logger = new Logger({ serviceName: 'data-query-service' });
export const metrics = new Metrics({ namespace: 'DataQueryService', serviceName: 'data-query-service' });
