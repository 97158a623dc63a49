import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code, LayerVersion, Runtime } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../projectRoot';

/** Where the layer's files are in Lambda (layers unpack under /opt). */
export const REFERENCE_DATA_DIR = '/opt/reference-data';

const BUILD_DIR = join(PROJECT_ROOT, 'infra/reference-data');

/**
 * The reference-data layer. Its content is made at synth by the import step (`npm run build:data`) on this
 * machine, in a child process because the step is asynchronous and bundling is not; Docker is never used.
 */
export function referenceDataLayer(scope: Construct, id: string): LayerVersion {
  return new LayerVersion(scope, id, {
    description: `Reference data files under ${REFERENCE_DATA_DIR}`,
    compatibleRuntimes: [Runtime.NODEJS_22_X],
    code: Code.fromAsset(BUILD_DIR, {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        image: DockerImage.fromRegistry('local-bundling-only'),
        local: {
          tryBundle(outputDir) {
            execFileSync(
              process.execPath,
              ['--import', 'tsx', join(BUILD_DIR, 'build.ts'), join(outputDir, 'reference-data')],
              { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
            );
            return true;
          },
        },
      },
    }),
  });
}
