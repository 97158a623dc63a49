/** The CDK app (`npx cdk synth` / `npx cdk deploy`): tables and alarm topic, the HTTP API and the scheduled ingestion jobs. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Tags, type Environment } from 'aws-cdk-lib';
import { samEnvironment } from './local/samEnv';
import { ApiStack } from './stacks/api-stack';
import { IngestionStack } from './stacks/ingestion-stack';
import { deploymentConfig, DeploymentSettingError, type DeploymentConfig } from './stacks/settings';
import { StatefulStack } from './stacks/stateful-stack';
import { STACK_NAMES } from './stacks/names';

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

/** The stacks, built from `config` (tests pass theirs; `cdk synth` reads the operator's environment). */
export function buildApp(app: App, config: DeploymentConfig): ServiceStacks {
  const env = environment();
  const stateful = new StatefulStack(app, STACK_NAMES.stateful, {
    env,
    description: 'Data Query Service: DynamoDB tables and the alarm topic',
    alarmEmail: config.alarmEmail,
  });
  const shared = { env, tables: stateful.tables, alarmTopic: stateful.alarmTopic, config };
  const api = new ApiStack(app, STACK_NAMES.api, { ...shared, description: 'Data Query Service: HTTP API, one Lambda per endpoint' });
  const ingestion = new IngestionStack(app, STACK_NAMES.ingestion, { ...shared, description: 'Data Query Service: scheduled ingestion jobs' });
  Tags.of(app).add('service', 'data-query-service');
  return { app, stateful, api, ingestion };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let config: DeploymentConfig;
  try {
    config = deploymentConfig();
  } catch (error) {
    if (!(error instanceof DeploymentSettingError)) throw error;
    // one line, before anything is built: what is wrong and what to do
    console.error(`Data Query Service: ${error.message}`);
    process.exit(1);
  }
  const assembly = buildApp(new App(), config).app.synth();
  // for `sam local start-api --env-vars cdk.out/sam-env.json`, made from the same tables as the templates
  writeFileSync(join(assembly.directory, 'sam-env.json'), `${JSON.stringify(samEnvironment(), null, 2)}\n`);
}
