/**
 * Jest setup (package.json "setupFiles"): runs before any test module is imported, so the Powertools logger
 * and metrics that handler modules create at import time are already quiet. Tests assert responses and
 * stored state, not log output.
 */
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
