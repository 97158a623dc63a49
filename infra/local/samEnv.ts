/**
 * The `--env-vars` file of `sam local start-api` (README "Run the synthesized template with SAM"), written
 * beside the templates by `cdk synth` (cdk.out/sam-env.json), so it always matches them: the local store's
 * endpoint and every table's local name, for every function (SAM sets only what a function declares).
 */
import { TABLES } from '../../lib/store/tables';

/** SAM_DYNAMODB_ENDPOINT: the store as the containers reach it; default host.docker.internal on DYNAMODB_PORT. */
export function samEnvironment(env: NodeJS.ProcessEnv = process.env): { Parameters: Record<string, string> } {
  const endpoint = env.SAM_DYNAMODB_ENDPOINT?.trim() || `http://host.docker.internal:${env.DYNAMODB_PORT ?? 8000}`;
  return {
    Parameters: {
      DYNAMODB_ENDPOINT: endpoint,
      ...Object.fromEntries(Object.values(TABLES).map((table) => [table.env, table.localName])),
    },
  };
}
