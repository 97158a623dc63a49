import { endpoint } from '../lib/http/endpoint';
import { InvalidParameterError } from '../lib/http/errors';
import { BarcodeTextError, renderBarcode } from '../lib/media/barcode';
import { BinaryBody } from '../lib/http/response';
import { utilityEndpoints } from '../lib/api/utilities';

export const handler = endpoint(utilityEndpoints.barcodeGenerate, async ({ params, event }) => {
  // format wins; without it an Accept header asking for SVG and not PNG gets SVG
  const accept = event.headers?.accept ?? '';
  const format = params.format ?? (accept.includes('image/svg+xml') && !accept.includes('image/png') ? 'svg' : 'png');
  try {
    const image = await renderBarcode({ text: params.text, type: params.type, format, includeText: params.include_text });
    return new BinaryBody(image.body, image.contentType);
  } catch (error) {
    if (error instanceof BarcodeTextError) throw new InvalidParameterError(`Parameter 'text' is not valid for type ${params.type}: ${error.message}`, 'text');
    throw error;
  }
});
