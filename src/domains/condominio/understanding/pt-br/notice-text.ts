import type { Scan } from '../../../../nlu/pt-br/scan';

/**
 * The text of a notice to the residents, as the síndico wrote it: what follows "aviso:",
 * "comunicado:", or "avisa os moradores que" / "dizendo que". Read on the message as typed (the
 * text is sent word for word); its tokens are masked so no day or number in it is read as the
 * request's.
 */
const NOTICE =
  /\b(?:aviso|avisos|comunicado|recado|informe|avisa|avise|avisar|comunica|comunique|comunicar|informa|informe|informar)\b[^:]*?(?::\s*|\b(?:dizendo|falando|informando)\s+que\s+|\bque\s+)(\S[\s\S]*)$/i;

export interface NoticeText {
  text: string;
  from: number;
}

export function extractNoticeText(scan: Scan): NoticeText | undefined {
  const original = scan.text.original;
  const match = NOTICE.exec(original);
  const text = match?.[1]?.trim();
  if (!match || !text) return undefined;
  const start = original.length - match[1]!.length;
  const from = scan.tokens.findIndex((token) => token.start >= start);
  if (from < 0) return undefined;
  scan.mask(from, scan.tokens.length);
  return { text: text.replace(/^["“'«]|["”'»]$/g, '').trim(), from };
}
