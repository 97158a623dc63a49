/**
 * The AWS APIs the deployed code and the operator CLIs call, faked on 127.0.0.1 in their real wire formats:
 * SSM GetParameter (JSON 1.1), Lambda Invoke (REST JSON) and CloudFormation DescribeStacks (query protocol,
 * XML). Every request is recorded with its body. `environment` points the AWS SDK at it (the SDK's
 * AWS_ENDPOINT_URL_<SERVICE> variables) with made-up credentials. SSM and Lambda check each request's SigV4
 * signature against those credentials, as AWS does (403 InvalidSignatureException), since the functions sign
 * their GetParameter and Invoke requests themselves (lib/sources/awsRequest.ts).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';

const ACCESS_KEY_ID = 'AKIDFAKEFORTESTS';
const SECRET_ACCESS_KEY = 'fake-secret-for-tests';

/**
 * Whether a request carries a valid SigV4 signature by the fake credentials for `service`: the signature of the
 * headers it names and the body received, worked out again with the SDK's signer at the time it gives (x-amz-date).
 */
async function signedFor(service: string, request: AwsRequest): Promise<boolean> {
  const authorization = String(request.headers.authorization ?? '');
  const parts = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=[0-9a-f]{64}$/.exec(authorization);
  if (!parts || parts[1] !== ACCESS_KEY_ID || parts[3] !== service) return false;
  // the body's hash is worked out again from the body received (the signer adds it as x-amz-content-sha256)
  const headers = Object.fromEntries(parts[4]!.split(';').filter((name) => name !== 'x-amz-content-sha256').map((name) => [name, String(request.headers[name] ?? '')]));
  const date = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(headers['x-amz-date'] ?? '');
  if (!date) return false;
  const signer = new SignatureV4({ credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY }, region: parts[2]!, service, sha256: Sha256 });
  const [hostname = '', port] = (headers.host ?? '').split(':');
  const signed = await signer.sign(
    { method: request.method, protocol: 'http:', hostname, port: port ? Number(port) : undefined, path: request.path, query: {}, headers, body: request.body },
    { signingDate: new Date(`${date[1]}-${date[2]}-${date[3]}T${date[4]}:${date[5]}:${date[6]}Z`) },
  );
  return signed.headers.authorization === authorization;
}

export interface AwsRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeAws {
  url: string;
  requests: AwsRequest[];
  /** SSM parameters by name (SecureString values, returned decrypted) */
  parameters: Map<string, string>;
  /** stack name → its outputs */
  stacks: Map<string, Record<string, string>>;
  /** what a synchronous invocation of a function answers (default: `{}`) */
  invocations: Map<string, Invocation>;
  /** variables that point the AWS SDK (and so a bundle or a CLI) here */
  environment: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A synchronous invocation's outcome: a payload, the function's own error (X-Amz-Function-Error), the payload
 * `run` makes of the event (e.g. by running the function's bundle), or the Lambda service refusing the call
 * (an HTTP status with its error type, e.g. 429 TooManyRequestsException).
 */
export type Invocation = { payload: unknown } | { error: string } | { run: (event: unknown) => Promise<unknown> } | { status: number; type: string };

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startFakeAws(): Promise<FakeAws> {
  const requests: AwsRequest[] = [];
  const parameters = new Map<string, string>();
  const stacks = new Map<string, Record<string, string>>();
  const invocations = new Map<string, Invocation>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const recorded: AwsRequest = { method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers, body };
      requests.push(recorded);
      const target = String(request.headers['x-amz-target'] ?? '');
      const invoke = /^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(recorded.path);
      const service = target.startsWith('AmazonSSM.') ? 'ssm' : invoke ? 'lambda' : undefined;
      if (service && !(await signedFor(service, recorded))) {
        response.writeHead(403, { 'Content-Type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify({ __type: 'InvalidSignatureException', message: 'The request signature we calculated does not match the signature you provided.' }));
      } else if (target === 'AmazonSSM.GetParameter') {
        const { Name } = JSON.parse(body) as { Name: string };
        const value = parameters.get(Name);
        response.writeHead(value === undefined ? 400 : 200, { 'Content-Type': 'application/x-amz-json-1.1' });
        response.end(
          JSON.stringify(
            value === undefined
              ? { __type: 'ParameterNotFound', message: `Parameter ${Name} not found.` }
              : { Parameter: { Name, Type: 'SecureString', Value: value, Version: 1, ARN: `arn:aws:ssm:eu-west-1:000000000000:parameter${Name}` } },
          ),
        );
      } else if (invoke) {
        const name = decodeURIComponent(invoke[1]!);
        if (request.headers['x-amz-invocation-type'] === 'Event') {
          response.writeHead(202).end();
          return;
        }
        const answer = invocations.get(name) ?? { payload: {} };
        if ('status' in answer) {
          response.writeHead(answer.status, { 'Content-Type': 'application/json', 'X-Amzn-ErrorType': answer.type });
          response.end(JSON.stringify({ Type: 'User', message: `${answer.type} (fake)` }));
          return;
        }
        const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Amz-Executed-Version': '$LATEST' };
        if ('error' in answer) headers['X-Amz-Function-Error'] = 'Unhandled';
        const payload = 'run' in answer ? await answer.run(JSON.parse(body)) : 'error' in answer ? { errorType: 'Error', errorMessage: answer.error } : answer.payload;
        response.writeHead(200, headers);
        response.end(JSON.stringify(payload));
      } else if (new URLSearchParams(body).get('Action') === 'DescribeStacks') {
        const name = new URLSearchParams(body).get('StackName') ?? '';
        const outputs = stacks.get(name);
        if (!outputs) {
          response.writeHead(400, { 'Content-Type': 'text/xml' });
          response.end(`<ErrorResponse><Error><Type>Sender</Type><Code>ValidationError</Code><Message>Stack with id ${xmlEscape(name)} does not exist</Message></Error><RequestId>r</RequestId></ErrorResponse>`);
          return;
        }
        const members = Object.entries(outputs)
          .map(([key, value]) => `<member><OutputKey>${xmlEscape(key)}</OutputKey><OutputValue>${xmlEscape(value)}</OutputValue></member>`)
          .join('');
        response.writeHead(200, { 'Content-Type': 'text/xml' });
        response.end(
          `<DescribeStacksResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/"><DescribeStacksResult><Stacks><member>` +
            `<StackName>${xmlEscape(name)}</StackName><StackId>arn:aws:cloudformation:eu-west-1:000000000000:stack/${xmlEscape(name)}/1</StackId>` +
            `<CreationTime>2026-11-26T00:00:00Z</CreationTime><StackStatus>CREATE_COMPLETE</StackStatus><Outputs>${members}</Outputs>` +
            `</member></Stacks></DescribeStacksResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></DescribeStacksResponse>`,
        );
      } else {
        // e.g. CloudFormation's pre-signed response URL of a custom resource
        response.writeHead(200).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    parameters,
    stacks,
    invocations,
    environment: {
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      AWS_ENDPOINT_URL_SSM: url,
      AWS_ENDPOINT_URL_LAMBDA: url,
      AWS_ENDPOINT_URL_CLOUDFORMATION: url,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
