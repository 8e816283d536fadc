/**
 * A document's title as the replies show it, inside double quotes ('Segundo "{title}": …'): its
 * own double quotes become single ones, so `"¿Me alcanza?" y tu saldo` reads
 * `"'¿Me alcanza?' y tu saldo"`, not `""¿Me alcanza?" y tu saldo"`.
 */
export function titleForQuotes(title: string): string {
  return title.replace(/"/g, "'");
}
