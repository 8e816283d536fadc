import { InvalidInputError } from '../../core/errors';

/** The parts of pdf.js' text items used here (`pdfjs-dist` types them loosely across builds). */
interface TextItem {
  str: string;
  hasEOL: boolean;
  height: number;
  transform: number[];
}

/**
 * The text of each page of a PDF (Mozilla's pdf.js, the reader in Firefox), laid out for
 * passages: lines as the PDF breaks them, and a blank line where the vertical gap between two
 * lines is larger than a line's height (a new paragraph), so `splitPassages` finds the
 * paragraphs. Bytes that are no PDF are refused with a clear message.
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc;
  try {
    doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 })
      .promise;
  } catch (error) {
    throw new InvalidInputError(`not a readable PDF (${error instanceof Error ? error.message : error})`);
  }
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(layout(content.items.filter((item): item is TextItem & typeof item => 'str' in item)));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/**
 * The whole text of a PDF for the knowledge base. A scanned PDF has no text to read: it is
 * refused with a clear message rather than stored empty.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const text = (await pdfPages(bytes)).join('\n\n').trim();
  if (text === '') throw new InvalidInputError('the PDF has no text (a scan?): add its text as a text file');
  return text;
}

function layout(items: TextItem[]): string {
  let text = '';
  let lastY: number | undefined;
  let lineHeight = 0;
  let atLineStart = true;
  for (const item of items) {
    const y = item.transform[5] ?? 0;
    if (atLineStart && lastY !== undefined && lastY - y > 1.6 * Math.max(lineHeight, item.height, 1))
      text += '\n';
    text += item.str;
    if (item.str.trim() !== '') {
      lastY = y;
      lineHeight = item.height || lineHeight;
    }
    atLineStart = item.hasEOL;
    if (item.hasEOL) text += '\n';
  }
  return text.replace(/[ \t]+\n/g, '\n').trim();
}
