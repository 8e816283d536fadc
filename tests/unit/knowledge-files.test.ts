import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { documentTextOf } from '../../src/app/knowledge-files';
import { InvalidInputError } from '../../src/core/errors';
import { splitPassages } from '../../src/core/passages';

const dir = mkdtempSync(join(tmpdir(), 'iris-kb-files-'));

/** A PDF written by pdfkit: its text is real text, as a word processor's export is. */
function pdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc);
  doc.end();
  return done;
}

describe('documents for the knowledge base', () => {
  it('reads a PDF into paragraphs a question can be answered from', async () => {
    const path = join(dir, 'regimento.pdf');
    writeFileSync(
      path,
      await pdf((doc) => {
        doc.fontSize(16).text('Regimento interno');
        doc.moveDown();
        doc
          .fontSize(11)
          .text('O salão de festas pode ser reservado com até 30 dias de antecedência, pela administração.');
        doc.moveDown();
        doc.text('O silêncio deve ser respeitado das 22h às 8h, inclusive nos fins de semana e feriados.');
      }),
    );
    const text = await documentTextOf(path);
    expect(text).toContain('Regimento interno');
    expect(text).toContain('O salão de festas pode ser reservado com até 30 dias de antecedência');
    // Paragraphs apart, as splitPassages cuts them.
    expect(text.split(/\n\s*\n/)).toEqual([
      'Regimento interno',
      'O salão de festas pode ser reservado com até 30 dias de antecedência, pela administração.',
      'O silêncio deve ser respeitado das 22h às 8h, inclusive nos fins de semana e feriados.',
    ]);
    expect(splitPassages(text).join(' ')).toContain('22h às 8h');
  });

  it('refuses a PDF with no text (a scan) and a file that is not a PDF, clearly', async () => {
    const scan = join(dir, 'scan.pdf');
    writeFileSync(scan, await pdf((doc) => doc.rect(50, 50, 200, 100).fill('#888')));
    await expect(documentTextOf(scan)).rejects.toThrow(/has no text/);
    const broken = join(dir, 'broken.pdf');
    writeFileSync(broken, 'this is not a pdf');
    await expect(documentTextOf(broken)).rejects.toBeInstanceOf(InvalidInputError);
  });

  it('reads HTML as text: headings kept, scripts, styles and images dropped, entities decoded', async () => {
    const path = join(dir, 'faq.html');
    writeFileSync(
      path,
      '<html><head><style>p{color:red}</style><script>alert(1)</script></head><body>' +
        '<h2>Boleto vencido</h2><p>Pague com juros &amp; multa em qualquer banco.</p>' +
        '<img src="x.png"><p>Veja <a href="https://example.com">o site</a>.</p></body></html>',
    );
    const text = await documentTextOf(path);
    expect(text).toBe('## Boleto vencido\n\nPague com juros & multa em qualquer banco.\n\nVeja o site.');
  });

  it('takes Markdown and text as they are, and refuses other kinds by name', async () => {
    const md = join(dir, 'a.md');
    writeFileSync(md, '# Título\n\nTexto.');
    expect(await documentTextOf(md)).toBe('# Título\n\nTexto.');
    const docx = join(dir, 'a.docx');
    writeFileSync(docx, 'x');
    await expect(documentTextOf(docx)).rejects.toThrow(/\.docx is not a document kind.*\.pdf/);
  });
});
