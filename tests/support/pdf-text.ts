/**
 * The text of a PDF as a reader sees it (Mozilla's pdf.js, the viewer in Firefox), one string per
 * page: what proves a generated boleto is legible, not just bytes. The knowledge base's own
 * reader, so tests and production read PDFs one way.
 */
export { pdfPages as pdfText } from '../../src/providers/documents/pdf-text';
