import { BARCODE_TYPES, BarcodeTextError, renderBarcode } from '../../lib/media/barcode';
import type { BarcodeType } from '../../lib/media/barcode';
import { VALID_BARCODE_TEXT } from '../support/barcodeSamples';

const VALID_TEXT = VALID_BARCODE_TEXT;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function reasonFor(type: BarcodeType, text: string): Promise<string> {
  try {
    await renderBarcode({ type, text, format: 'png', includeText: false });
  } catch (error) {
    expect(error).toBeInstanceOf(BarcodeTextError);
    return (error as Error).message;
  }
  throw new Error(`expected ${type} to reject ${JSON.stringify(text)}`);
}

describe('renderBarcode', () => {
  test.each(BARCODE_TYPES)('renders the %s sample as a PNG with a real size', async (type) => {
    // Prepare
    const text = VALID_TEXT[type];

    // Act
    const image = await renderBarcode({ type, text, format: 'png', includeText: true });

    // Assess
    expect(image.contentType).toBe('image/png');
    const { width, height } = pngSize(image.body);
    expect(width).toBeGreaterThan(0);
    expect(height).toBeGreaterThan(0);
  });

  test.each(BARCODE_TYPES)('renders the %s sample as an SVG document', async (type) => {
    // Prepare
    const text = VALID_TEXT[type];

    // Act
    const image = await renderBarcode({ type, text, format: 'svg', includeText: true });

    // Assess
    const svg = image.body.toString('utf8');
    expect(image.contentType).toBe('image/svg+xml');
    expect(svg.startsWith('<svg') || svg.startsWith('<?xml')).toBe(true);
    expect(svg).toContain('</svg>');
  });

  test.each(BARCODE_TYPES)('draws the human-readable text for %s only when asked', async (type) => {
    // Prepare
    const text = VALID_TEXT[type];

    // Act
    const withText = await renderBarcode({ type, text, format: 'png', includeText: true });
    const withoutText = await renderBarcode({ type, text, format: 'png', includeText: false });

    // Assess
    expect(withText.body.equals(withoutText.body)).toBe(false);
    expect(pngSize(withText.body).height).toBeGreaterThan(pngSize(withoutText.body).height);
  });

  test('adds the text as SVG glyphs only when asked', async () => {
    // Prepare
    const request = { type: 'code128', text: 'ABC', format: 'svg' } as const;

    // Act
    const withText = await renderBarcode({ ...request, includeText: true });
    const withoutText = await renderBarcode({ ...request, includeText: false });

    // Assess
    expect(withText.body.length).toBeGreaterThan(withoutText.body.length);
  });

  test('picks EAN-8 or EAN-13 for plain "ean" from the number of digits', async () => {
    // Prepare
    const request = { format: 'png', includeText: true } as const;

    // Act
    const ean8ByLength = await renderBarcode({ ...request, type: 'ean', text: '96385074' });
    const ean8 = await renderBarcode({ ...request, type: 'ean8', text: '96385074' });
    const ean13ByLength = await renderBarcode({ ...request, type: 'ean', text: '590123412345' });
    const ean13 = await renderBarcode({ ...request, type: 'ean13', text: '590123412345' });

    // Assess
    expect(ean8ByLength.body.equals(ean8.body)).toBe(true);
    expect(ean13ByLength.body.equals(ean13.body)).toBe(true);
  });

  test('renders numbers given without their check digit', async () => {
    // Prepare
    const request = { format: 'png', includeText: true } as const;

    // Act
    const withoutCheck = await renderBarcode({ ...request, type: 'ean13', text: '590123412345' });
    const withCheck = await renderBarcode({ ...request, type: 'ean13', text: '5901234123457' });
    const gtin = await renderBarcode({ ...request, type: 'gtin', text: '0950110153000' });

    // Assess
    expect(withoutCheck.body.equals(withCheck.body)).toBe(true);
    expect(pngSize(gtin.body).width).toBeGreaterThan(0);
  });

  test('renders an unhyphenated ISBN-13, ISBN-10 with X and ISSN without its hyphen', async () => {
    // Prepare
    const request = { format: 'png', includeText: true } as const;

    // Act
    const isbn13 = await renderBarcode({ ...request, type: 'isbn', text: '9781565812314' });
    const isbn10 = await renderBarcode({ ...request, type: 'isbn10', text: '156581231x' });
    const issn = await renderBarcode({ ...request, type: 'issn', text: '20493630' });

    // Assess
    expect(pngSize(isbn13.body).width).toBeGreaterThan(0);
    expect(pngSize(isbn10.body).width).toBeGreaterThan(0);
    expect(pngSize(issn.body).width).toBeGreaterThan(0);
  });

  test('renders a legacy 7-digit PZN as well as a PZN-8', async () => {
    // Prepare
    const request = { type: 'pzn', format: 'png', includeText: true } as const;

    // Act
    const pzn7 = await renderBarcode({ ...request, text: '1234562' });
    const pzn8 = await renderBarcode({ ...request, text: '12345678' });

    // Assess
    expect(pngSize(pzn7.body).width).toBeGreaterThan(0);
    expect(pzn7.body.equals(pzn8.body)).toBe(false);
  });
});

describe('renderBarcode rejects text it cannot encode', () => {
  test.each<[BarcodeType, string, RegExp]>([
    ['code39', 'hello', /only digits, capital letters/],
    ['code128', '日本', /Latin-1.*'日'/],
    ['ean', '12345', /7 or 8 digits \(EAN-8\) or 12 or 13 digits \(EAN-13\)/],
    ['ean', '96385075', /EAN-8 check digit is wrong: expected 4, got 5/],
    ['ean13', '59012341234', /EAN-13 needs 12 or 13 digits/],
    ['ean13', '59012341234a', /EAN-13 must contain only digits/],
    ['ean13', '5901234123458', /EAN-13 check digit is wrong: expected 7, got 8/],
    ['ean8', '963850', /EAN-8 needs 7 or 8 digits/],
    ['ean8', '96385075', /EAN-8 check digit is wrong/],
    ['gs1', '0109501101530003', /AI syntax/],
    ['gs1', '(01)09501101530004', /^AI 01: Bad checksum$/],
    ['gtin', '095011015300', /GTIN-14 needs 13 or 14 digits/],
    ['gtin', '09501101530004', /GTIN-14 check digit is wrong: expected 3, got 4/],
    ['isbn', '12345', /ISBN needs 10 characters .* or 13 digits/],
    ['isbn', '978-1-56581-231-5', /ISBN-13 check digit is wrong: expected 4, got 5/],
    ['isbn', '97-8156581231-4', /^ISBN-13 prefix must be 978- or 979-$/],
    ['isbn10', '9781565812314', /ISBN-10 .*looks like an ISBN-13/],
    ['isbn10', '1565812314', /ISBN-10 check digit is wrong: expected X, got 4/],
    ['isbn13', '0306406152', /ISBN-13 .*looks like an ISBN-10/],
    ['isbn13', '9771234567898', /ISBN-13 must start with 978 or 979/],
    ['issn', '0317-847', /ISSN needs 7 digits and a check digit/],
    ['issn', '0317-8472', /ISSN check digit is wrong: expected 1, got 2/],
    ['jan', '5901234123457', /JAN must start with the Japanese prefix 45 or 49/],
    ['jan', '490123456789a', /JAN must contain only digits/],
    ['pzn', '123456', /PZN needs 8 digits/],
    ['pzn', '12345670', /PZN check digit is wrong: expected 8, got 0/],
    ['upc', '0360002914', /UPC-A needs 11 or 12 digits/],
    ['upca', '036000291453', /UPC-A check digit is wrong: expected 2, got 3/],
  ])('rejects %s text %j with a reason', async (type, text, reason) => {
    // Prepare: the arguments

    // Act
    const message = await reasonFor(type, text);

    // Assess
    expect(message).toMatch(reason);
    expect(message).not.toMatch(/bwipp/);
  });

  test('rejects empty text', async () => {
    // Prepare
    const text = '';

    // Act
    const message = await reasonFor('code128', text);

    // Assess
    expect(message).toBe('Barcode text must not be empty');
  });

  test('rejects text longer than 200 characters but accepts exactly 200', async () => {
    // Prepare
    const longest = 'A'.repeat(200);

    // Act
    const message = await reasonFor('code128', `${longest}A`);
    const image = await renderBarcode({ type: 'code128', text: longest, format: 'svg', includeText: false });

    // Assess
    expect(message).toBe('Barcode text must be at most 200 characters');
    expect(image.body.toString('utf8')).toContain('</svg>');
  });
});
