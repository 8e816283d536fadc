/**
 * `npm run nlu`: reads one message per line on stdin and prints, for each, one JSON line
 * {"text","intent","confidence","entities"} as the offline understander of the locale reads it.
 *
 *   echo "cria um boleto de 150 pro João pra sexta" | npm run nlu -- --now 2026-11-22T10:00:00-03:00
 *
 * Options: --pack boletos|finance|condominio, or --locale es-MX for the one pack that speaks it
 * (default boletos; pt-BR is spoken by two packs, name one); --now <ISO-8601 date-time with offset>
 * (default: the current time, read per line); --tz <IANA zone> (default America/Sao_Paulo for
 * pt-BR, America/Mexico_City for es-MX). A bad option prints an error on stderr and exits 2.
 * Only the documented entities of the locale are printed (pt-BR's internal `status` is not).
 */
import { createInterface } from 'node:readline';
import { isLocale, type Locale } from '../src/core/locale';
import { packNamed } from '../src/app/packs';
import type { DomainPack } from '../src/domains/types';
import { DEFAULT_TIME_ZONE, pickEntities } from '../src/nlu';

const USAGE =
  'usage: npm run nlu -- [--pack boletos|finance|condominio | --locale es-MX] [--now 2026-11-22T10:00:00-03:00] [--tz America/Sao_Paulo]';
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

interface Options {
  pack: DomainPack;
  locale: Locale;
  now: Date | undefined;
  timeZone: string;
}

class UsageError extends Error {}

function parseOptions(args: readonly string[]): Options {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const [flag = '', inline] = arg.split(/=(.*)/s, 2);
    if (!['--pack', '--locale', '--now', '--tz'].includes(flag))
      throw new UsageError(`unknown option "${arg}"`);
    const value = inline ?? args[++i];
    if (value === undefined || value === '') throw new UsageError(`option ${flag} needs a value`);
    values.set(flag, value);
  }
  const localeOption = values.get('--locale');
  if (localeOption !== undefined && !isLocale(localeOption))
    throw new UsageError(`--locale must be pt-BR or es-MX, got "${localeOption}"`);
  let pack: DomainPack;
  try {
    pack = packNamed({ pack: values.get('--pack'), locale: localeOption });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const locale = pack.locale;
  const nowText = values.get('--now');
  let now: Date | undefined;
  if (nowText !== undefined) {
    now = new Date(nowText);
    if (!ISO_WITH_OFFSET.test(nowText) || Number.isNaN(now.getTime())) {
      throw new UsageError(
        `--now must be an ISO-8601 date-time with offset (2026-11-22T10:00:00-03:00), got "${nowText}"`,
      );
    }
  }
  const timeZone = values.get('--tz') ?? DEFAULT_TIME_ZONE[locale];
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new UsageError(`--tz must be an IANA time zone (America/Sao_Paulo), got "${timeZone}"`);
  }
  return { pack, locale, now, timeZone };
}

async function main(): Promise<void> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`nlu: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  const understander = options.pack.understander;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    const text = line.replace(/\r$/, '');
    const result =
      text.trim() === ''
        ? { intent: 'UNKNOWN', confidence: 0, entities: {} }
        : understander.understand(text, {
            locale: options.locale,
            now: options.now ?? new Date(),
            timeZone: options.timeZone,
          });
    const entities = pickEntities(options.pack.entities, result.entities);
    process.stdout.write(
      `${JSON.stringify({ text, intent: result.intent, confidence: result.confidence, entities })}\n`,
    );
  }
}

void main();
