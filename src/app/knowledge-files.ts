import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { InvalidInputError } from '../core/errors';
import { htmlText } from '../providers/documents/html-text';
import { pdfText } from '../providers/documents/pdf-text';

/** The kinds of file a tenant's knowledge base takes, by extension. */
export const DOCUMENT_EXTENSIONS = ['.md', '.markdown', '.txt', '.html', '.htm', '.pdf'] as const;

/**
 * A document file as text for the knowledge base: Markdown and plain text as they are, HTML and
 * PDF read by their libraries. Anything else is refused with the kinds it takes.
 */
export async function documentTextOf(path: string): Promise<string> {
  const extension = extname(path).toLowerCase();
  if (extension === '.pdf') return pdfText(await readFile(path));
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension))
    throw new InvalidInputError(
      `${extension || 'a file without extension'} is not a document kind the knowledge base reads (${DOCUMENT_EXTENSIONS.join(', ')})`,
    );
  const raw = await readFile(path, 'utf8');
  return extension === '.html' || extension === '.htm' ? htmlText(raw) : raw;
}
