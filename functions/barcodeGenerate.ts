import { endpoint } from '../lib/http/endpoint';
import { InvalidParameterError } from '../lib/http/errors';
import { BarcodeTextError, renderBarcode } from '../lib/media/barcode';
import { BinaryBody } from '../lib/http/response';
import { endpoints } from '../infra/registry';

export const handler = endpoint(endpoints.barcodeGenerate, async ({ params, event }) => {
  // format wins; without it an Accept header asking only for SVG gets SVG
  const format = params.format ?? (/image\/svg\+xml/.test(event.headers?.accept ?? '') && !/image\/png/.test(event.headers?.accept ?? '') ? 'svg' : 'png');
  try {
    const image = await renderBarcode({ text: params.text, type: params.type, format, includeText: params.include_text });
    return new BinaryBody(image.body, image.contentType);
  } catch (error) {
    if (error instanceof BarcodeTextError) throw new InvalidParameterError(`Parameter 'text' is not valid for type ${params.type}: ${error.message}`, 'text');
    throw error;
  }
});
