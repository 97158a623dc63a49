/** One SSM Parameter Store parameter, decrypted: GetParameter (AWS JSON 1.1) as a signed request (awsRequest.ts). */
import { awsError, awsRequest } from './awsRequest';

/** The parameter's value; throws AwsError (name ParameterNotFound when there is no such parameter) or a network error. */
export async function getParameter(name: string): Promise<string> {
  const response = await awsRequest('ssm', {
    path: '/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AmazonSSM.GetParameter' },
    body: JSON.stringify({ Name: name, WithDecryption: true }),
    timeoutMs: 3000,
  });
  if (!response.ok) throw await awsError(response, `SSM GetParameter ${name}`);
  const { Parameter } = (await response.json()) as { Parameter?: { Value?: string } };
  if (typeof Parameter?.Value !== 'string') throw new Error(`SSM GetParameter ${name}: no value in the answer`);
  return Parameter.Value;
}
