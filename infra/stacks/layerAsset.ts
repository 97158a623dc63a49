import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../projectRoot';

/**
 * A layer's content, made at synth on this machine (Docker is never used) by `script`, which takes the
 * directory to write as its argument (the asset's output, or `subdir` inside it). It runs in a child process because build steps may be asynchronous and
 * CDK bundling is not. The asset hash is the output's, so an unchanged build is not uploaded again.
 */
export function builtLayerCode(script: string, subdir = '', args: string[] = []): Code {
  return Code.fromAsset(join(PROJECT_ROOT, dirname(script)), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('local-bundling-only'),
      local: {
        tryBundle(outputDir) {
          execFileSync(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, script), join(outputDir, subdir), ...args], {
            cwd: PROJECT_ROOT,
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          return true;
        },
      },
    },
  });
}
