import { convert, type FormatCallback } from 'html-to-text';

/** A heading as Markdown ("## Boleto vencido"), so a passage says what it is about. */
const markdownHeading: FormatCallback = (element, walk, builder, formatOptions) => {
  const level = Number(/^h([1-6])$/.exec(element.name ?? '')?.[1] ?? 2);
  builder.openBlock({ leadingLineBreaks: formatOptions.leadingLineBreaks ?? 2 });
  builder.addInline(`${'#'.repeat(level)} `);
  walk(element.children, builder);
  builder.closeBlock({ trailingLineBreaks: formatOptions.trailingLineBreaks ?? 1 });
};

/**
 * The text of an HTML page (html-to-text): headings kept as Markdown headings, paragraphs
 * apart, links as their words only, images, scripts and styles dropped, entities decoded.
 */
export function htmlText(html: string): string {
  return convert(html, {
    wordwrap: false,
    formatters: { markdownHeading },
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      ...[1, 2, 3, 4, 5, 6].map((level) => ({ selector: `h${level}`, format: 'markdownHeading' })),
    ],
  }).trim();
}
