import bwipjs from 'bwip-js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BoletoPdfMaker } from '../../src/app/boleto-pdfs';
import type { PrintableBoleto } from '../../src/core/boleto-pdf';
import { ProviderResponseError, ProviderUnavailableError } from '../../src/core/errors';
import { boletoNumbers } from '../../src/domains/boleto-issuing/febraban';
import { downloadPdf } from '../../src/providers/boleto-pdf/download-pdf';
import { itfBars, type Bar } from '../../src/providers/boleto-pdf/itf-bars';
import { pdfText } from '../support/pdf-text';

const numbers = boletoNumbers({
  bankCode: '237',
  amountCents: 15_000,
  dueDate: '2026-12-05',
  freeField: '1234567890123456789012345',
});
const boleto: PrintableBoleto = {
  number: 12,
  amountCents: 15_000,
  dueDate: '2026-12-05',
  digitableLine: numbers.digitableLine,
  barcode: numbers.barcode,
  contactName: 'João Silva',
  tenantName: 'Oficina do Zé',
  provider: 'local',
  pdfUrl: null,
};

/** Reads Interleaved 2 of 5 back from bar and space widths (narrow 1, wide 3), as a scanner does. */
function decodeItf(bars: Bar[]): string {
  const widths: number[] = [];
  for (let i = 0; i < bars.length; i++) {
    widths.push(bars[i]!.width);
    if (i + 1 < bars.length) widths.push(bars[i + 1]!.x - (bars[i]!.x + bars[i]!.width));
  }
  const wide = widths.map((w) => (w > 2 ? 1 : 0));
  // Start: narrow bar, space, bar, space. Stop: wide bar, narrow space, narrow bar.
  expect(wide.slice(0, 4)).toEqual([0, 0, 0, 0]);
  expect(wide.slice(-3)).toEqual([1, 0, 0]);
  const body = wide.slice(4, -3);
  const PATTERNS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const pair = body.slice(i, i + 10);
    const barsPattern = pair.filter((_, k) => k % 2 === 0).join('');
    const spacesPattern = pair.filter((_, k) => k % 2 === 1).join('');
    digits += `${PATTERNS.indexOf(barsPattern)}${PATTERNS.indexOf(spacesPattern)}`;
  }
  return digits;
}

/** The bars bwip-js draws, read from its SVG (every bar a vertical stroke centred on its x). */
function bwipBars(digits: string): { bars: Bar[]; totalWidth: number } {
  const svg = bwipjs.toSVG({ bcid: 'interleaved2of5', text: digits, height: 13, includetext: false });
  const bars: Bar[] = [];
  for (const path of svg.matchAll(/<path[^>]*stroke-width="([\d.]+)"[^>]*d="([^"]+)"/g)) {
    const width = Number(path[1]);
    for (const move of path[2]!.matchAll(/M([\d.]+) /g)) bars.push({ x: Number(move[1]) - width / 2, width });
  }
  const unit = Math.min(...bars.map((bar) => bar.width));
  const viewBoxWidth = Number(/viewBox="0 0 (\d+(?:\.\d+)?) /.exec(svg)![1]);
  return {
    bars: bars.sort((a, b) => a.x - b.x).map((bar) => ({ x: bar.x / unit, width: bar.width / unit })),
    totalWidth: viewBoxWidth / unit,
  };
}

describe('the boleto PDF', () => {
  it("draws the barcode's 44 digits as ITF bars a scanner reads back", () => {
    const { bars, totalWidth } = itfBars(boleto.barcode);
    expect(decodeItf(bars)).toBe(boleto.barcode);
    expect(totalWidth).toBeGreaterThan(bars.at(-1)!.x);
  });

  it('draws the same bars as bwip-js, the barcode library it replaced', () => {
    const samples = [boleto.barcode, '00', '1234', '9876543210', '0123456789'.repeat(4) + '1357'];
    for (let seed = 1; seed <= 20; seed++) {
      let digits = '';
      for (let k = 0; k < 44; k++) digits += String((seed * 7919 + k * k * 31 + k) % 10);
      samples.push(digits);
    }
    for (const digits of samples) expect(itfBars(digits)).toEqual(bwipBars(digits));
  });

  it('refuses what ITF cannot encode', () => {
    expect(() => itfBars('123')).toThrow(/even number of digits/);
    expect(() => itfBars('12a4')).toThrow(/even number of digits/);
  });

  it('prints a local boleto legibly, with its digitable line and that no bank registered it', async () => {
    const pdf = await new BoletoPdfMaker().pdfOf(boleto);
    expect(pdf.fileName).toBe('boleto-12.pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfText(pdf.bytes);
    expect(pages).toHaveLength(1);
    const page = pages[0]!;
    expect(page).toContain('Boleto nº 12');
    expect(page).toContain('BOLETO DE DEMONSTRAÇÃO');
    expect(page).toContain('Oficina do Zé');
    expect(page).toContain('João Silva');
    expect(page).toContain('05/12/2026');
    expect(page).toMatch(/R\$\s150,00/);
    // The digitable line as people type it: five groups, dots and spaces.
    expect(page).toContain(numbers.digitableLine.slice(0, 5) + '.' + numbers.digitableLine.slice(5, 10));
    expect(page.replace(/\D/g, '')).toContain(numbers.digitableLine);
  });

  describe("a provider's boleto", () => {
    let server: Server;
    let base: string;
    const routes: Record<string, (res: import('node:http').ServerResponse) => void> = {
      '/pdf': (res) => {
        res.setHeader('Content-Type', 'application/pdf');
        res.end('%PDF-1.4 provider boleto');
      },
      '/login': (res) => {
        res.setHeader('Content-Type', 'text/html');
        res.end('<html>login</html>');
      },
      '/busy': (res) => {
        res.statusCode = 503;
        res.end();
      },
      '/gone': (res) => {
        res.statusCode = 404;
        res.end();
      },
    };
    beforeAll(async () => {
      server = createServer((req, res) => routes[req.url ?? '']?.(res) ?? res.end());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('is its own PDF, downloaded from its link', async () => {
      const pdf = await new BoletoPdfMaker().pdfOf({ ...boleto, provider: 'asaas', pdfUrl: `${base}/pdf` });
      expect(pdf).toEqual({ fileName: 'boleto-12.pdf', bytes: Buffer.from('%PDF-1.4 provider boleto') });
    });

    it('is refused when the link gives something else, and retried when the provider is busy or away', async () => {
      await expect(downloadPdf(`${base}/login`, 'asaas')).rejects.toMatchObject({
        retryable: false,
        message: expect.stringContaining('did not give a PDF'),
      });
      await expect(downloadPdf(`${base}/gone`, 'asaas')).rejects.toMatchObject({
        retryable: false,
        status: 404,
      });
      const busy = downloadPdf(`${base}/busy`, 'asaas');
      await expect(busy).rejects.toBeInstanceOf(ProviderResponseError);
      await expect(busy).rejects.toMatchObject({ retryable: true });
      await expect(downloadPdf('http://127.0.0.1:9/none.pdf', 'asaas')).rejects.toBeInstanceOf(
        ProviderUnavailableError,
      );
    });
  });
});
