import type { Scan } from '../../../../nlu/pt-br/scan';

/**
 * The text of a notice to the residents, as the síndico wrote it: what follows "aviso:",
 * "comunicado:", "avisa os moradores que", "manda pra todo mundo:", "posta no mural:" and the
 * like. Read on the message as typed (the text is sent word for word); its tokens are masked so
 * no day or number in it is read as the request's. A verb that says "tell" is a cue by itself;
 * one that only says "send" or "put" ("manda", "coloca", "posta") needs the residents, a group
 * or the board between it and the text ("manda pro grupo dos moradores:"), so "manda a conta
 * que…" is no notice.
 */
const TELL =
  'aviso|avisos|comunicado|recado|informe|avisa|avise|avisar|avisasse|comunica|comunique|comunicar|informa|informar|' +
  'publica|publique|publicar|publicasse|notifica|notifique|notificar|broadcast';
const SEND =
  'manda|mande|mandar|mandasse|mamda|envia|envie|enviar|dispara|dispare|disparar|espalha|espalhe|coloca|coloque|bota|posta|poste|postar|joga';
const AUDIENCE =
  /\b(?:tod[oa]s|todo mundo|geral|moradores|condominos|condôminos|condom[ií]nio|pr[eé]dio|grupo|mural|pessoal|galera|vizinhos|vizinhança|broadcast|aviso|comunicado)\b/i;
const NOTICE = new RegExp(
  `\\b(${TELL}|${SEND})\\b([^:\\n]{0,90}?)(?::\\s*|\\b(?:dizendo|falando|informando)\\s+(?:que|q)\\s+|\\bo seguinte\\b\\s*:?\\s*|\\b(?:que|q)\\s+)(\\S[\\s\\S]*)$`,
  'i',
);
const SEND_VERB = new RegExp(`^(?:${SEND})$`, 'i');
/** A question mark or a courtesy closing the request, not the notice ("…?", "tá bom", "pfv"). */
const CLOSING = /(?:[\s,]*(?:\?+|por favor|pfv|pf|pls|t[aá] bom|ok|obrigad[oa]|valeu|blz))+\s*$/i;

export interface NoticeText {
  text: string;
  from: number;
}

export function extractNoticeText(scan: Scan): NoticeText | undefined {
  const original = scan.text.original;
  const match = NOTICE.exec(original);
  const said = match?.[3];
  if (!match || !said?.trim()) return undefined;
  if (SEND_VERB.test(match[1]!) && !AUDIENCE.test(match[2]!)) return undefined;
  const start = original.length - said.length;
  const from = scan.tokens.findIndex((token) => token.start >= start);
  if (from < 0) return undefined;
  scan.mask(from, scan.tokens.length);
  const text = said
    .trim()
    .replace(/^["“'«]|["”'»]$/g, '')
    .replace(CLOSING, '')
    .trim();
  // A notice says something: "…vc sabe o q é?" has no notice after its "q".
  return text.split(/\s+/).length >= 2 ? { text, from } : undefined;
}
