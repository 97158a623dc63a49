/**
 * One SSM Parameter Store parameter, decrypted: a GetParameter request (AWS JSON 1.1 protocol) signed with
 * the AWS SDK's SigV4 signer and default credential chain, the ones the DynamoDB client of every function
 * already carries, instead of the SSM client, whose service model added about 170 KB to the bundle of a
 * function that reads a key (npm run bench). As the SDK does, AWS_ENDPOINT_URL_SSM (or AWS_ENDPOINT_URL)
 * points the request elsewhere (the tests' fake AWS).
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';

/** How long the request may take (SSM answers in milliseconds). */
const TIMEOUT_MS = 3000;

/** SSM's error (`__type`, e.g. ParameterNotFound, AccessDeniedException, ThrottlingException) as the error's name. */
export class SsmError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

let signer: SignatureV4 | undefined;

function endpoint(region: string): URL {
  return new URL(process.env.AWS_ENDPOINT_URL_SSM || process.env.AWS_ENDPOINT_URL || `https://ssm.${region}.amazonaws.com`);
}

/** The parameter's value; throws SsmError (name ParameterNotFound when there is no such parameter) or a network error. */
export async function getParameter(name: string): Promise<string> {
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('AWS_REGION is not set: no SSM region to read the parameter from');
  signer ??= new SignatureV4({ credentials: defaultProvider(), region, service: 'ssm', sha256: Sha256 });
  const url = endpoint(region);
  const body = JSON.stringify({ Name: name, WithDecryption: true });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: '/',
    query: {},
    headers: { host: url.host, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AmazonSSM.GetParameter' },
    body,
  });
  // fetch sends the host header itself (the one signed)
  const { host: _host, ...headers } = signed.headers;
  const response = await fetch(new URL('/', url), { method: 'POST', headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const answer = (await response.json().catch(() => ({}))) as { Parameter?: { Value?: string }; __type?: string; message?: string; Message?: string };
  if (!response.ok || typeof answer.Parameter?.Value !== 'string') {
    const type = (answer.__type ?? `HTTP ${response.status}`).split('#').pop()!;
    throw new SsmError(type, `SSM GetParameter ${name}: ${type}${answer.message ?? answer.Message ? `: ${answer.message ?? answer.Message}` : ''}`, response.status);
  }
  return answer.Parameter.Value;
}
