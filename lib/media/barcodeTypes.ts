/** The barcode types the API accepts (kept apart from the renderer so the registry stays light). */
export const BARCODE_TYPES = [
  'code39', 'code128', 'ean', 'ean13', 'ean8', 'gs1', 'gtin', 'isbn', 'isbn10', 'isbn13', 'issn', 'jan', 'pzn', 'upc', 'upca',
] as const;
export type BarcodeType = (typeof BARCODE_TYPES)[number];

/** Longest text accepted for any barcode type. */
export const MAX_BARCODE_TEXT_LENGTH = 200;
