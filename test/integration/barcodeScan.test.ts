import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BARCODE_TYPES, type BarcodeType } from '../../lib/media/barcodeTypes';
import { VALID_BARCODE_TEXT } from '../support/barcodeSamples';
import { startTestServer, type TestServer } from '../support/testServer';

/**
 * Every barcode type as served (PNG over HTTP) read back by a real scanner: zbarimg from Debian's
 * zbar-tools (.ci/run installs it). zbar reports UPC-A as EAN-13 with a leading 0, ISBN and ISSN as the
 * EAN-13 they are printed as, GTIN-14 as Interleaved 2 of 5, GS1-128 as Code 128 without the parentheses,
 * and PZN as Code 39 with its leading '-'.
 */
const SCANNED: Record<BarcodeType, string> = {
  code39: 'CODE-39:HELLO-123',
  code128: 'CODE-128:Hello, World!',
  ean: 'EAN-13:5901234123457',
  ean13: 'EAN-13:5901234123457',
  ean8: 'EAN-8:96385074',
  gs1: 'CODE-128:010950110153000310ABC123',
  gtin: 'I2/5:09501101530003',
  isbn: 'EAN-13:9781565812314',
  isbn10: 'EAN-13:9780306406157',
  isbn13: 'EAN-13:9791090636071',
  issn: 'EAN-13:9770317847001',
  jan: 'EAN-13:4901234567894',
  pzn: 'CODE-39:-12345678',
  upc: 'EAN-13:0036000291452',
  upca: 'EAN-13:0036000291452',
};

function zbarimg(file: string): string {
  try {
    return execFileSync('zbarimg', ['-q', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { status?: number };
    if (failure.code === 'ENOENT') throw new Error('zbarimg is not installed: apt-get install -y zbar-tools (.ci/run does this)');
    return `nothing read (zbarimg exit ${failure.status})`;
  }
}

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'dqs-barcodes-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('/v1/barcodegenerate images a scanner reads', () => {
  test.each(BARCODE_TYPES.flatMap((type) => [true, false].map((text) => [type, text] as const)))(
    'zbarimg reads the served %s PNG (include_text=%s) as the text sent',
    async (type, includeText) => {
      // Prepare
      const query = new URLSearchParams({ text: VALID_BARCODE_TEXT[type], type, include_text: String(includeText) });

      // Act
      const response = await server.call(`/v1/barcodegenerate?${query}`, { key: server.demoKeys.free });
      const file = join(dir, `${type}-${includeText}.png`);
      writeFileSync(file, Buffer.from(await response.arrayBuffer()));

      // Assess
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(zbarimg(file)).toBe(SCANNED[type]);
    },
  );
});
