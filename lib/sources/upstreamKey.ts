/**
 * Upstream API keys (FRED, EIA, Open-Meteo) are secrets: they never sit in a template or a function's
 * environment. In Lambda the function's environment holds only the NAME of an SSM Parameter Store
 * SecureString (`<KEY>_PARAMETER`, set by the stack on the functions whose code reads that key, each allowed
 * to read only its own), and the key is read at the first call that needs it, through Powertools for AWS
 * Lambda's Parameters utility, and cached for KEY_CACHE_SECONDS. Locally (npm start, tests), where no
 * parameter is named, the key comes from the environment (`<KEY>`) as before.
 *
 * A parameter that does not exist means "no key": the client then uses its keyless fallback (FRED's graph
 * CSV, the non-commercial Open-Meteo hosts), exactly as an unset variable does locally. Any other failure
 * (no permission, throttling) throws: a misconfigured deployment fails loudly.
 *
 * The SSM client is loaded on the first read, so a container that never needs a key never loads it.
 */
import type { SSMProvider } from '@aws-lambda-powertools/parameters/ssm';

/** How long a key (or its absence) is kept per container: a rotated key is picked up within this time. */
export const KEY_CACHE_SECONDS = 300;

let provider: Promise<SSMProvider> | undefined;
const absentUntil = new Map<string, number>();

async function ssm(): Promise<SSMProvider> {
  provider ??= import('@aws-lambda-powertools/parameters/ssm').then(({ SSMProvider }) => new SSMProvider());
  return provider;
}

const isParameterNotFound = (error: unknown): boolean =>
  error instanceof Error && [error, error.cause].some((e) => (e as Error | undefined)?.name === 'ParameterNotFound');

/**
 * The key: from the SecureString named `parameterName` when one is named (Lambda), else `localValue` (the
 * variable itself, local runs). undefined when no key is configured.
 *
 *   upstreamKey(process.env.FRED_API_KEY_PARAMETER, process.env.FRED_API_KEY)
 */
export async function upstreamKey(parameterName: string | undefined, localValue: string | undefined): Promise<string | undefined> {
  if (!parameterName) return localValue?.trim() || undefined;
  if ((absentUntil.get(parameterName) ?? 0) > Date.now()) return undefined;
  try {
    const value = await (await ssm()).get(parameterName, { decrypt: true, maxAge: KEY_CACHE_SECONDS });
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  } catch (error) {
    if (!isParameterNotFound(error)) throw error;
    absentUntil.set(parameterName, Date.now() + KEY_CACHE_SECONDS * 1000);
    return undefined;
  }
}
