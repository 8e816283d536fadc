/**
 * Amounts in group replies. A group is many people: a business may not want every member to
 * read what a customer owes. With `masked`, the amounts of a reply to a group are shown as
 * "R$ •••" / "$••• MXN" — except in a confirmation prompt, where the person must see the values
 * they confirm (a "sim" to a hidden amount would not be an explicit confirmation).
 */
export type GroupAmounts = 'full' | 'masked';

/** Amounts as Iris writes them (`core/format.ts`): "R$ 1.234,56", "$1,234.56 MXN", with a sign. */
const AMOUNT = /-?(R\$\s?|\$)\d+(?:[.,]\d+)*(\s?MXN)?/g;

export function maskAmounts(text: string): string {
  return text.replace(
    AMOUNT,
    (_amount, symbol: string, mxn: string | undefined) =>
      `${symbol.trim() === 'R$' ? 'R$ ' : '$'}•••${mxn ?? ''}`,
  );
}

/** The text to send: masked when the chat is a group, the setting says so, and it asks nothing. */
export function groupText(
  text: string,
  options: { inGroup: boolean; amounts: GroupAmounts; isConfirmationPrompt: boolean },
): string {
  if (!options.inGroup || options.amounts === 'full' || options.isConfirmationPrompt) return text;
  return maskAmounts(text);
}
