/**
 * The Lambda layers, one entry per `LayerName` of the registry: what each holds, where it unpacks under /opt,
 * and the environment a function using it gets. Each is built at synth by its build script (see layerAsset.ts);
 * layers/README.md describes the contents.
 */
import { Architecture, LayerVersion, Runtime } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { LayerName } from '../../lib/http/definition';
import { LAMBDA_MODELS_DIR } from '../../lib/vision/model';
import { LAMBDA_VPIC_DB_PATH } from '../../layers/vpic/build';
import { LAMBDA_DOCS_ASSETS_DIR } from '../../layers/docs/build';
import { builtLayerCode } from './layerAsset';

/** Where the reference data are in Lambda. */
export const REFERENCE_DATA_DIR = '/opt/reference-data';

interface LayerSpec {
  description: string;
  script: string;
  /** the build script's arguments after the output directory */
  args?: string[];
  /** where inside the asset the script writes (the path under /opt) */
  subdir?: string;
  /** native binaries for this architecture only */
  architecture?: Architecture;
  environment?: Record<string, string>;
}

export const LAYERS: Record<LayerName, LayerSpec> = {
  referenceData: {
    description: `Reference data files under ${REFERENCE_DATA_DIR}`,
    script: 'infra/reference-data/build.ts',
    // built for deployment: sample data are left out (their endpoints answer 503 saying what to import)
    args: ['--deployment'],
    subdir: 'reference-data',
    environment: { REFERENCE_DATA_DIR },
  },
  onnxruntime: {
    description: 'onnxruntime-node and sharp, Linux x64 binaries only, under /opt/nodejs/node_modules',
    script: 'layers/onnxruntime/build.ts',
    architecture: Architecture.X86_64,
  },
  model: {
    description: `YOLOX-Nano object-detection model (Apache-2.0) under ${LAMBDA_MODELS_DIR}`,
    script: 'layers/model/build.ts',
    environment: { MODELS_DIR: LAMBDA_MODELS_DIR },
  },
  vpic: {
    description: `NHTSA vPIC pattern table for VIN model and body class at ${LAMBDA_VPIC_DB_PATH}`,
    script: 'layers/vpic/build.ts',
    environment: { VPIC_DB_PATH: LAMBDA_VPIC_DB_PATH },
  },
  docs: {
    description: `Swagger UI bundle and stylesheet for GET /docs, and the API reference GET /openapi.json serves, under ${LAMBDA_DOCS_ASSETS_DIR}`,
    script: 'layers/docs/build.ts',
    environment: { DOCS_ASSETS_DIR: LAMBDA_DOCS_ASSETS_DIR },
  },
};

export function layerVersion(scope: Construct, id: string, name: LayerName): LayerVersion {
  const spec = LAYERS[name];
  return new LayerVersion(scope, id, {
    description: spec.description,
    compatibleRuntimes: [Runtime.NODEJS_22_X],
    compatibleArchitectures: spec.architecture ? [spec.architecture] : undefined,
    code: builtLayerCode(spec.script, spec.subdir, spec.args),
  });
}
