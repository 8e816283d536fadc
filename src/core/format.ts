import type { Locale } from './locale';

/**
 * Display formatting per locale. Display only: stored values are never rounded or changed.
 * pt-BR money: "R$ 1.500,00" (plain space, as the seeds write it); es-MX: "$1,200.50 MXN".
 */
const brl = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const mxn = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatMoney(cents: number, locale: Locale): string {
  const value = cents / 100;
  if (locale === 'pt-BR') return `${value < 0 ? '-' : ''}R$ ${brl.format(Math.abs(value))}`;
  return `${value < 0 ? '-' : ''}$${mxn.format(Math.abs(value))} MXN`;
}

/** pt-BR shows dates as dd/mm/aaaa; es-MX as YYYY-MM-DD (docs/finance.md). Input is `YYYY-MM-DD`. */
export function formatDate(isoDate: string, locale: Locale): string {
  if (locale === 'pt-BR') {
    const [y, m, d] = isoDate.split('-');
    return `${d}/${m}/${y}`;
  }
  return isoDate;
}

/** The calendar date (`YYYY-MM-DD`) of an instant in a time zone (every turn needs it). */
export function isoDateInZone(instant: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/**
 * An `Intl.DateTimeFormat` for these locale and options, built once: building one costs about
 * 0.2 ms, using one a few µs, and every turn uses several (today's date, the prompt's weekday, the
 * condominium's clock).
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Fills `{name}` placeholders; a missing parameter is an error, never a silent blank. */
export function fillTemplate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`template parameter {${name}} is missing`);
    return String(value);
  });
}
