import bwipjs from 'bwip-js';

/** One bar of a barcode: its left edge and width, in modules (the narrowest bar is 1). */
export interface Bar {
  x: number;
  width: number;
}

/**
 * The bars of an Interleaved 2 of 5 barcode (the one FEBRABAN prescribes for boletos: 44
 * digits, wide bars three times the narrow ones), drawn by bwip-js. Read from its SVG, where
 * every bar is a vertical stroke centred on its x, so the PDF can draw them as sharp rectangles.
 */
export function itfBars(digits: string): { bars: Bar[]; totalWidth: number } {
  if (!/^\d+$/.test(digits) || digits.length % 2 !== 0)
    throw new Error('an ITF barcode needs an even number of digits');
  const svg = bwipjs.toSVG({ bcid: 'interleaved2of5', text: digits, height: 13, includetext: false });
  const viewBox = /viewBox="0 0 (\d+(?:\.\d+)?) /.exec(svg);
  if (!viewBox) throw new Error('bwip-js drew no viewBox');
  const bars: Bar[] = [];
  let unit = Infinity;
  for (const path of svg.matchAll(/<path[^>]*stroke-width="([\d.]+)"[^>]*d="([^"]+)"/g)) {
    const width = Number(path[1]);
    for (const move of path[2]!.matchAll(/M([\d.]+) /g)) {
      const centre = Number(move[1]);
      bars.push({ x: centre - width / 2, width });
      unit = Math.min(unit, width);
    }
  }
  if (bars.length === 0) throw new Error('bwip-js drew no bars');
  bars.sort((a, b) => a.x - b.x);
  return {
    bars: bars.map((bar) => ({ x: bar.x / unit, width: bar.width / unit })),
    totalWidth: Number(viewBox[1]) / unit,
  };
}
