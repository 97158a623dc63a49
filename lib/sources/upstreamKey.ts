/**
 * Upstream API keys (FRED, EIA, Open-Meteo) are secrets: they never sit in a template or a function's
 * environment. In Lambda the function's environment holds only the NAME of an SSM Parameter Store
 * SecureString (`<KEY>_PARAMETER`, set by the stack on the functions whose code reads that key, each allowed
 * to read only its own), and the key is read at the first call that needs it and cached for KEY_CACHE_SECONDS
 * by Powertools for AWS Lambda's Parameters utility (its BaseProvider: the cache), from SSM by a signed
 * GetParameter request (ssmParameter.ts: no SSM client in the bundle). Locally (npm start, tests), where no
 * parameter is named, the key comes from the environment (`<KEY>`) as before.
 *
 * A parameter that does not exist means "no key": the client then uses its keyless fallback (FRED's graph
 * CSV, the non-commercial Open-Meteo hosts), exactly as an unset variable does locally. Any other failure
 * (no permission, throttling) throws: a misconfigured deployment fails loudly.
 */
import { BaseProvider } from '@aws-lambda-powertools/parameters/base';
import { getParameter } from './ssmParameter';

/** How long a key (or its absence) is kept per container: a rotated key is picked up within this time. */
export const KEY_CACHE_SECONDS = 300;

/** Powertools' parameter cache over SSM's GetParameter (decrypted). */
class UpstreamKeys extends BaseProvider {
  constructor() {
    super({});
  }
  protected _get(name: string): Promise<string> {
    return getParameter(name);
  }
  protected _getMultiple(): Promise<Record<string, unknown>> {
    throw new Error('upstream keys are read one by one');
  }
}

let keys: UpstreamKeys | undefined;
const absentUntil = new Map<string, number>();

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
    const value = await (keys ??= new UpstreamKeys()).get(parameterName, { maxAge: KEY_CACHE_SECONDS });
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  } catch (error) {
    if (!isParameterNotFound(error)) throw error;
    absentUntil.set(parameterName, Date.now() + KEY_CACHE_SECONDS * 1000);
    return undefined;
  }
}
