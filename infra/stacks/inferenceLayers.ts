/**
 * The object-detection layers, built at synth on this machine (no Docker) from layers/onnxruntime and
 * layers/model: onnxruntime-node + sharp for Linux x64 under /opt/nodejs/node_modules, and the YOLOX-Nano
 * model under /opt/models. Two layers so a model update does not re-upload the runtime.
 */
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Architecture, Code, LayerVersion, Runtime } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import { buildModelLayer } from '../../layers/model/build';
import { buildOnnxRuntimeLayer } from '../../layers/onnxruntime/build';
import { LAMBDA_MODELS_DIR } from '../../lib/vision/model';
import { PROJECT_ROOT } from '../projectRoot';

/** The environment a function using the model layer gets. */
export const MODEL_LAYER_ENVIRONMENT = { MODELS_DIR: LAMBDA_MODELS_DIR };

function localAsset(dir: string, build: (outputDir: string) => void): Code {
  return Code.fromAsset(join(PROJECT_ROOT, dir), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('local-bundling-only'),
      local: {
        tryBundle(outputDir) {
          build(outputDir);
          return true;
        },
      },
    },
  });
}

/** onnxruntime-node and sharp with their Linux x64 binaries only (about 64 MB unzipped). */
export function onnxRuntimeLayer(scope: Construct, id: string): LayerVersion {
  return new LayerVersion(scope, id, {
    description: 'onnxruntime-node and sharp, Linux x64 binaries only, under /opt/nodejs/node_modules',
    compatibleRuntimes: [Runtime.NODEJS_22_X],
    compatibleArchitectures: [Architecture.X86_64],
    code: localAsset('layers/onnxruntime', (outputDir) => buildOnnxRuntimeLayer(outputDir)),
  });
}

/** The YOLOX-Nano model (Apache-2.0) under /opt/models/yolox-nano. */
export function modelLayer(scope: Construct, id: string): LayerVersion {
  return new LayerVersion(scope, id, {
    description: `YOLOX-Nano object-detection model under ${LAMBDA_MODELS_DIR}`,
    compatibleRuntimes: [Runtime.NODEJS_22_X],
    code: localAsset('layers/model', (outputDir) => {
      for (const warning of buildModelLayer(outputDir)) console.warn(`model layer: ${warning}`);
    }),
  });
}
