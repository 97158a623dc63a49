import type { BarcodeType } from '../../lib/media/barcodeTypes';

/** A valid text for every barcode type (check digits computed by hand). */
export const VALID_BARCODE_TEXT: Record<BarcodeType, string> = {
  code39: 'HELLO-123',
  code128: 'Hello, World!',
  ean: '5901234123457',
  ean13: '5901234123457',
  ean8: '96385074',
  gs1: '(01)09501101530003(10)ABC123',
  gtin: '09501101530003',
  isbn: '978-1-56581-231-4',
  isbn10: '0-306-40615-2',
  isbn13: '9791090636071',
  issn: '0317-8471',
  jan: '4901234567894',
  pzn: '12345678',
  upc: '036000291452',
  upca: '03600029145',
};
