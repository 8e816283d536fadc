/** One bar of a barcode: its left edge and width, in modules (the narrowest bar is 1). */
export interface Bar {
  x: number;
  width: number;
}

/** Each digit's five elements, 1 wide and 0 narrow (two wide in every digit). */
const DIGIT_PATTERNS = [
  '00110',
  '10001',
  '01001',
  '11000',
  '00101',
  '10100',
  '01100',
  '00011',
  '10010',
  '01010',
];
/** FEBRABAN's wide elements are three modules (narrow ones one). */
const WIDE = 3;
/** Start: narrow bar, space, bar, space. Stop: wide bar, narrow space, narrow bar. */
const START = '0000';
const STOP = '100';

/**
 * The bars of an Interleaved 2 of 5 barcode (the one FEBRABAN prescribes for boletos: 44
 * digits, wide elements three times the narrow ones): each pair of digits is five bars (the
 * first digit) interleaved with five spaces (the second), between the start and stop patterns.
 * Computed from the code's table rather than by a barcode library: bwip-js, used before (and
 * still the reference in tests/unit/boleto-pdf.test.ts), ran a PostScript engine for it: 0.6 ms
 * of CPU per boleto, and 8 MB and 60 ms to load.
 */
export function itfBars(digits: string): { bars: Bar[]; totalWidth: number } {
  if (!/^\d+$/.test(digits) || digits.length % 2 !== 0)
    throw new Error('an ITF barcode needs an even number of digits');
  let elements = START;
  for (let i = 0; i < digits.length; i += 2) {
    const bars = DIGIT_PATTERNS[Number(digits[i])]!;
    const spaces = DIGIT_PATTERNS[Number(digits[i + 1])]!;
    for (let k = 0; k < 5; k++) elements += bars[k]! + spaces[k]!;
  }
  elements += STOP;
  const bars: Bar[] = [];
  let x = 0;
  for (let i = 0; i < elements.length; i++) {
    const width = elements[i] === '1' ? WIDE : 1;
    if (i % 2 === 0) bars.push({ x, width }); // even elements are bars, odd ones spaces
    x += width;
  }
  return { bars, totalWidth: x };
}
