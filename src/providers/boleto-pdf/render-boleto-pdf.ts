import PDFDocument from 'pdfkit';
import type { PrintableBoleto } from '../../core/boleto-pdf';
import { itfBars } from './itf-bars';

/** The words printed on the boleto, from the pack's catalog. */
export interface BoletoPdfLabels {
  title: string;
  /** Printed in red across the top of a boleto no bank knows; absent for a registered one. */
  notRegistered?: string;
  beneficiary: string;
  payer: string;
  number: string;
  dueDate: string;
  amount: string;
  digitableLine: string;
}

export interface BoletoPdfValues {
  amount: string;
  dueDate: string;
  digitableLine: string;
}

const MM = 72 / 25.4;
/** FEBRABAN's barcode: 103 mm wide at most, 13 mm tall, starting 5 mm from the left edge. */
const BAR_WIDTH = 103 * MM;
const BAR_HEIGHT = 13 * MM;

/**
 * A legible one-page boleto (A4): who charges and who pays, the number, due date and amount in
 * boxes, the digitable line large enough to type, and the ITF barcode in vector bars at
 * FEBRABAN's size (pdfkit; bars from `itfBars`). Values arrive formatted for the tenant's locale.
 */
export function renderBoletoPdf(
  boleto: PrintableBoleto,
  values: BoletoPdfValues,
  labels: BoletoPdfLabels,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${labels.title} ${boleto.number}`, Author: boleto.tenantName, Creator: 'Iris' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 40;
  const width = doc.page.width - 80;
  doc.font('Helvetica-Bold').fontSize(16).text(`${labels.title} ${boleto.number}`, left, 40);
  if (labels.notRegistered)
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).fillColor('#b00020').text(labels.notRegistered, {
      width,
    });
  doc.fillColor('black');
  let y = doc.y + 16;
  y = box(doc, left, y, width, labels.beneficiary, boleto.tenantName);
  y = box(doc, left, y, width, labels.payer, boleto.contactName);
  const third = width / 3;
  box(doc, left, y, third, labels.number, String(boleto.number));
  box(doc, left + third, y, third, labels.dueDate, values.dueDate);
  y = box(doc, left + 2 * third, y, third, labels.amount, values.amount);
  y += 24;
  doc.font('Helvetica').fontSize(9).text(labels.digitableLine, left, y);
  doc
    .font('Courier-Bold')
    .fontSize(14)
    .text(values.digitableLine, left, y + 12, { width });
  y = doc.y + 20;
  const { bars, totalWidth } = itfBars(boleto.barcode);
  const module = BAR_WIDTH / totalWidth;
  const barLeft = 5 * MM;
  for (const bar of bars) doc.rect(barLeft + bar.x * module, y, bar.width * module, BAR_HEIGHT);
  doc.fill('black');
  doc.end();
  return done;
}

/** A labelled box; returns the y below it. */
function box(doc: PDFKit.PDFDocument, x: number, y: number, w: number, label: string, value: string): number {
  const height = 38;
  doc.lineWidth(0.5).rect(x, y, w, height).stroke();
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(label, x + 5, y + 4, { width: w - 10 });
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(value, x + 5, y + 17, { width: w - 10, height: 16, ellipsis: true });
  return y + height;
}
