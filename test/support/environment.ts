/**
 * Jest setup (package.json "setupFiles"): runs before any test module is imported, so the logger that
 * handler modules create at import time is already quiet and no metrics are written. Tests assert responses
 * and stored state, not log output.
 */
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
