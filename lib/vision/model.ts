/**
 * The YOLOX-Nano model: where it is (configuration, never part of the project) and its onnxruntime
 * session, created once per container on first use.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type * as Ort from 'onnxruntime-node';
import { DataUnavailableError } from '../http/errors';
import { logger } from '../http/observability';
import { loadNative } from './native';
import { MODEL_INPUT_SIZE } from './settings';

/** The model file under a models directory. */
export const MODEL_FILE = join('yolox-nano', 'yolox_nano.onnx');
/** Where the model layer unpacks in Lambda. */
export const LAMBDA_MODELS_DIR = '/opt/models';

/**
 * The model file: MODEL_PATH (the .onnx file), else MODELS_DIR/yolox-nano/yolox_nano.onnx, else the first of
 * /opt/models (the Lambda layer) and ../shared/models (beside the project) that has it.
 */
export function modelPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MODEL_PATH) return resolve(env.MODEL_PATH);
  if (env.MODELS_DIR) return resolve(env.MODELS_DIR, MODEL_FILE);
  const found = [LAMBDA_MODELS_DIR, resolve('../shared/models')].map((dir) => join(dir, MODEL_FILE)).find((path) => existsSync(path));
  return found ?? resolve('../shared/models', MODEL_FILE);
}

let session: Promise<Ort.InferenceSession> | undefined;

/** onnxruntime-node, loaded on first use. */
export function onnxRuntime(): typeof Ort {
  return loadNative('onnxruntime-node') as typeof Ort;
}

/** The inference session, created once per container; 503 data_unavailable while the model file is missing. */
export function modelSession(): Promise<Ort.InferenceSession> {
  if (!session) {
    const path = modelPath();
    if (!existsSync(path)) {
      logger.warn('object-detection model missing', { model_path: path });
      return Promise.reject(
        new DataUnavailableError('The object-detection model is not installed on this server (the operator sets MODEL_PATH or MODELS_DIR).'),
      );
    }
    session = onnxRuntime()
      .InferenceSession.create(path, { graphOptimizationLevel: 'all', logSeverityLevel: 3 })
      .catch((error: unknown) => {
        session = undefined; // a later call tries again
        throw error;
      });
  }
  return session;
}

/** Runs the model on one letterboxed CHW BGR float image; returns the raw [anchors × 85] output. */
export async function runModel(input: Float32Array): Promise<Float32Array> {
  const model = await modelSession();
  const ort = onnxRuntime();
  const tensor = new ort.Tensor('float32', input, [1, 3, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE]);
  const outputs = await model.run({ [model.inputNames[0]!]: tensor });
  return outputs[model.outputNames[0]!]!.data as Float32Array;
}
