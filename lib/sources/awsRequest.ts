/**
 * The two AWS APIs our functions call besides DynamoDB, without their SDK clients: SSM GetParameter (a key
 * for an upstream, lib/sources/upstreamKey.ts) and Lambda Invoke (an MCP tool call, lib/mcp/invoker.ts). Each
 * is one HTTPS request signed with the AWS SDK's SigV4 signer and default credential chain, which every
 * function's DynamoDB client already carries, where the SSM and Lambda clients would add their service
 * models to the bundle (170 and 70 KB: npm run bench). As the SDK does, AWS_ENDPOINT_URL_<SERVICE> points a
 * service elsewhere (the tests' fake AWS).
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';

export type AwsService = 'ssm' | 'lambda';

/** An AWS API's error answer: its error type (`__type`, or the X-Amzn-ErrorType header) as the error's name. */
export class AwsError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

let credentials: ReturnType<typeof defaultProvider> | undefined;
const signers = new Map<AwsService, SignatureV4>();

function region(): string {
  const name = process.env.AWS_REGION;
  if (!name) throw new Error('AWS_REGION is not set: no region to send an AWS request to');
  return name;
}

/** AWS_ENDPOINT_URL_<SERVICE>, read by its literal name (the stack finds the settings a bundle reads by name: infra/stacks/settings.ts) */
function endpoint(service: AwsService): URL {
  const configured = service === 'ssm' ? process.env.AWS_ENDPOINT_URL_SSM : process.env.AWS_ENDPOINT_URL_LAMBDA;
  return new URL(configured || `https://${service}.${region()}.amazonaws.com`);
}

export interface AwsRequest {
  /** the path, its segments URI-encoded */
  path: string;
  headers: Record<string, string>;
  body: string;
  /** how long the answer may take; none: the function's own time limit */
  timeoutMs?: number;
}

/** Sends a POST to an AWS service API, signed for it and the function's region; the answer as it comes (errors: `awsError`). */
export async function awsRequest(service: AwsService, { path, headers, body, timeoutMs }: AwsRequest): Promise<Response> {
  const url = endpoint(service);
  let signer = signers.get(service);
  if (!signer) signers.set(service, (signer = new SignatureV4({ credentials: (credentials ??= defaultProvider()), region: region(), service, sha256: Sha256 })));
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path,
    query: {},
    headers: { ...headers, host: url.host },
    body,
  });
  // fetch sends the host header itself (the one signed)
  const { host: _host, ...sent } = signed.headers;
  return fetch(new URL(path, url), { method: 'POST', headers: sent, body, signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined });
}

/** The error an AWS API answered with (JSON protocols: `__type` in the body, or the X-Amzn-ErrorType header). */
export async function awsError(response: Response, what: string): Promise<AwsError> {
  const answer = (await response.json().catch(() => ({}))) as { __type?: string; message?: string; Message?: string };
  // `namespace#Type` in a body, `Type:details` in the header
  const type = (answer.__type ?? response.headers.get('x-amzn-errortype') ?? `HTTP ${response.status}`).split(':')[0]!.split('#').pop()!;
  const detail = answer.message ?? answer.Message;
  return new AwsError(type, `${what}: ${type}${detail ? `: ${detail}` : ''}`, response.status);
}
