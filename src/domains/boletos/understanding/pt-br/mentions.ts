import { extractMarkedIds, type IdMention } from './boleto-ids';
import type { EpochDay } from '../../../../nlu/civil-date';
import { extractNames, type NameMention } from '../../../../nlu/pt-br/contact-name';
import { extractDates, type DateMention } from '../../../../nlu/pt-br/dates';
import { extractContent, type ContentMention } from '../../../../nlu/pt-br/message-content';
import { extractMoney, type AmountMention, type BareNumber } from '../../../../nlu/pt-br/money';
import type { Scan } from '../../../../nlu/pt-br/scan';
import { extractStatus, type BoletoStatus } from './status-filter';
import { claimTimes } from '../../../../nlu/pt-br/times';

/**
 * Everything the message mentions, before knowing what the user wants. The order is the
 * point: each extractor takes its tokens, so later ones cannot read them again.
 */
export interface Mentions {
  content: ContentMention | undefined;
  dates: DateMention[];
  ids: IdMention[];
  amounts: AmountMention[];
  /** Unmarked numbers: amounts or boleto numbers depending on the intent. */
  bare: BareNumber[];
  names: NameMention[];
  status: BoletoStatus | undefined;
}

export function readMentions(scan: Scan, today: EpochDay, options: { content: boolean }): Mentions {
  const content = options.content ? extractContent(scan) : undefined;
  const dates = extractDates(scan, today);
  claimTimes(scan);
  const ids = extractMarkedIds(scan);
  const { amounts, bare } = extractMoney(scan);
  const names = extractNames(scan);
  const status = extractStatus(scan);
  return { content, dates, ids, amounts, bare, names, status };
}
