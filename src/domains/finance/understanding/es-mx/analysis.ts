import { type CategoryMention, findCategories } from './categories';
import { type DateMention, findDateMentions } from '../../../../nlu/es-mx/date-mentions';
import { prepareText } from '../../../../nlu/es-mx/fold';
import { findMoney, type MoneyMention } from '../../../../nlu/es-mx/money';
import { maskSpans } from '../../../../nlu/es-mx/spans';
import { type Token, tokenize } from '../../../../nlu/es-mx/tokens';

/** Everything the rules read off one message, before deciding what it asks for. */
export interface Analysis {
  /** The user's words (control characters removed, NFC). */
  source: string;
  /** `source` folded: lower case, no accents, same length. */
  folded: string;
  tokens: Token[];
  dates: DateMention[];
  /** Amounts, found after the dates so that "el 15" or "15/10" never read as pesos. */
  money: MoneyMention[];
  categories: CategoryMention[];
  /** `folded` with amounts as `¤` and dates as `§`, for patterns such as "tengo ¤ en el banco". */
  shape: string;
}

export function analyse(text: string): Analysis {
  const { source, folded } = prepareText(text);
  const tokens = tokenize(folded);
  const dates = findDateMentions(folded);
  const money = findMoney(tokens, dates, folded);
  const shape = maskSpans(maskSpans(folded, money, '¤'), dates, '§');
  return { source, folded, tokens, dates, money, categories: findCategories(tokens), shape };
}
