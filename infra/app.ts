/** The CDK app (`npx cdk synth` / `npx cdk deploy`): tables, the HTTP API and the scheduled ingestion jobs. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Tags, type Environment } from 'aws-cdk-lib';
import { samEnvironment } from './local/samEnv';
import { ApiStack } from './stacks/api-stack';
import { IngestionStack } from './stacks/ingestion-stack';
import { StatefulStack } from './stacks/stateful-stack';

export interface ServiceStacks {
  app: App;
  stateful: StatefulStack;
  api: ApiStack;
  ingestion: IngestionStack;
}

/**
 * The account and region the CLI resolved from your credentials; env-agnostic stacks without them (the CLI
 * always sets a region, us-east-1 at worst, so a region alone is not taken as a choice).
 */
function environment(): Environment | undefined {
  const { CDK_DEFAULT_ACCOUNT: account, CDK_DEFAULT_REGION: region } = process.env;
  return account && region ? { account, region } : undefined;
}

export function buildApp(app = new App()): ServiceStacks {
  const env = environment();
  const stateful = new StatefulStack(app, 'DataQueryService-Stateful', {
    env,
    description: 'Data Query Service: DynamoDB tables',
  });
  const api = new ApiStack(app, 'DataQueryService-Api', {
    env,
    description: 'Data Query Service: HTTP API, one Lambda per endpoint',
    tables: stateful.tables,
  });
  const ingestion = new IngestionStack(app, 'DataQueryService-Ingestion', {
    env,
    description: 'Data Query Service: scheduled ingestion jobs',
    tables: stateful.tables,
  });
  Tags.of(app).add('service', 'data-query-service');
  return { app, stateful, api, ingestion };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const assembly = buildApp().app.synth();
  // for `sam local start-api --env-vars cdk.out/sam-env.json`, made from the same tables as the templates
  writeFileSync(join(assembly.directory, 'sam-env.json'), `${JSON.stringify(samEnvironment(), null, 2)}\n`);
}
