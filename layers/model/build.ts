/**
 * The model layer: YOLOX-Nano (Apache-2.0) with its licence and provenance note, laid out as
 * /opt/models/yolox-nano/ (the function's MODELS_DIR in Lambda). The model is read from MODELS_DIR
 * (default ../shared/models beside the project) and never committed. Without it the layer holds only a
 * note and the endpoint answers 503 data_unavailable.
 *
 *   npx tsx layers/model/build.ts [outDir]     (default layers/model/build)
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MODEL_LAYER_OUT = join(PROJECT_ROOT, 'layers/model/build');
const MODEL = 'yolox-nano';
const FILES = ['yolox_nano.onnx', 'LICENSE', 'SOURCE.md', 'coco_classes.txt'];

/** Where the models are read from at build time: MODELS_DIR, else ../shared/models when present. */
export function modelsSourceDir(): string | undefined {
  if (process.env.MODELS_DIR) return resolve(process.env.MODELS_DIR);
  const beside = resolve(PROJECT_ROOT, '../shared/models');
  return existsSync(beside) ? beside : undefined;
}

/** Builds outDir/models/yolox-nano; returns warnings (empty when the model was packaged). */
export function buildModelLayer(outDir: string = MODEL_LAYER_OUT, sourceDir = modelsSourceDir()): string[] {
  const target = join(outDir, 'models', MODEL);
  rmSync(join(outDir, 'models'), { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const from = sourceDir && join(sourceDir, MODEL);
  if (!from || !existsSync(join(from, FILES[0]!))) {
    const warning = `No ${MODEL} model (set MODELS_DIR or put ../shared/models beside the project); /v1/objectdetection will answer 503.`;
    writeFileSync(join(target, 'MISSING.txt'), `${warning}\n`);
    return [warning];
  }
  for (const file of FILES) {
    if (existsSync(join(from, file))) copyFileSync(join(from, file), join(target, file));
  }
  return [];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? MODEL_LAYER_OUT);
  const warnings = buildModelLayer(outDir);
  warnings.forEach((warning) => console.warn(`model layer: ${warning}`));
  console.log(`model layer → ${join(outDir, 'models', MODEL)}`);
}
