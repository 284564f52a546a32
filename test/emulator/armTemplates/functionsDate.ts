// Date functions (template-functions-date): utcNow(), dateTimeAdd(), dateTimeFromEpoch(), dateTimeToEpoch(), with
// .NET date format strings (standard: d, D, g, G, o, s, t, T, u; custom: yyyy, MM, dd, HH, hh, mm, ss, fff, tt, …).
import { TemplateFunction, arity, fixed, num, onlyInParameterDefault, str } from './functionsBase';
import { invalidArgument } from './templateErrors';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Standard format letters, as the invariant culture expands them (utcNow('d') is "03/05/2019" in the reference). */
const STANDARD: Record<string, string> = {
  d: 'MM/dd/yyyy',
  D: 'dddd, dd MMMM yyyy',
  g: 'MM/dd/yyyy HH:mm',
  G: 'MM/dd/yyyy HH:mm:ss',
  o: "yyyy-MM-dd'T'HH:mm:ss.fffffff'Z'",
  O: "yyyy-MM-dd'T'HH:mm:ss.fffffff'Z'",
  s: "yyyy-MM-dd'T'HH:mm:ss",
  t: 'HH:mm',
  T: 'HH:mm:ss',
  u: "yyyy-MM-dd HH:mm:ss'Z'",
};

export function formatDate(date: Date, format: string): string {
  const pattern = STANDARD[format] ?? format;
  const pad = (n: number, w: number): string => String(n).padStart(w, '0');
  const h12 = date.getUTCHours() % 12 || 12;
  return pattern.replace(/'[^']*'|"[^"]*"|\\.|yyyy|yy|MMMM|MMM|MM|M|dddd|ddd|dd|d|HH|H|hh|h|mm|m|ss|s|f{1,7}|tt|t|K|zzz/g, (t) => {
    if (t.startsWith("'") || t.startsWith('"')) return t.slice(1, -1);
    if (t.startsWith('\\')) return t.slice(1);
    switch (t) {
      case 'yyyy': return pad(date.getUTCFullYear(), 4);
      case 'yy': return pad(date.getUTCFullYear() % 100, 2);
      case 'MMMM': return MONTHS[date.getUTCMonth()];
      case 'MMM': return MONTHS[date.getUTCMonth()].slice(0, 3);
      case 'MM': return pad(date.getUTCMonth() + 1, 2);
      case 'M': return String(date.getUTCMonth() + 1);
      case 'dddd': return DAYS[date.getUTCDay()];
      case 'ddd': return DAYS[date.getUTCDay()].slice(0, 3);
      case 'dd': return pad(date.getUTCDate(), 2);
      case 'd': return String(date.getUTCDate());
      case 'HH': return pad(date.getUTCHours(), 2);
      case 'H': return String(date.getUTCHours());
      case 'hh': return pad(h12, 2);
      case 'h': return String(h12);
      case 'mm': return pad(date.getUTCMinutes(), 2);
      case 'm': return String(date.getUTCMinutes());
      case 'ss': return pad(date.getUTCSeconds(), 2);
      case 's': return String(date.getUTCSeconds());
      case 'tt': return date.getUTCHours() < 12 ? 'AM' : 'PM';
      case 't': return date.getUTCHours() < 12 ? 'A' : 'P';
      case 'K': return 'Z';
      case 'zzz': return '+00:00';
      default: return pad(date.getUTCMilliseconds(), 3).padEnd(t.length, '0').slice(0, t.length);
    }
  });
}

/** Reads the date forms templates use: ISO 8601 ("2020-04-07T14:53:14Z"), utcNow('u') ("2020-04-07 14:53:14Z") and utcNow() ("20200407T145314Z"). */
function parseDate(text: string, name: string): Date {
  const compact = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  const iso = compact ? `${compact[1]}-${compact[2]}-${compact[3]}T${compact[4]}:${compact[5]}:${compact[6]}Z` : text.replace(' ', 'T');
  const date = new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(iso) || !iso.includes('T') ? iso : `${iso}Z`);
  if (Number.isNaN(date.getTime())) throw invalidArgument(name, `the value '${text}' is not a valid date and time`);
  return date;
}

/** The format a date string is written in: utcNow()'s, utcNow('u')'s, or ISO 8601 (with fractional seconds if it has them). */
function formatOf(text: string): string {
  if (/^\d{8}T\d{6}Z$/.test(text)) return "yyyyMMdd'T'HHmmss'Z'";
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}Z$/.test(text)) return STANDARD.u;
  const fraction = /\.(\d{1,7})/.exec(text)?.[1];
  return fraction ? `yyyy-MM-dd'T'HH:mm:ss.${'f'.repeat(fraction.length)}'Z'` : "yyyy-MM-dd'T'HH:mm:ss'Z'";
}

/** Adds an ISO 8601 duration ("P3Y", "-P9D", "PT1H", "P1DT12H30M"). */
function addDuration(date: Date, duration: string, name: string): Date {
  const m = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(duration);
  if (!m || duration === 'P' || duration.endsWith('T')) throw invalidArgument(name, `the duration '${duration}' is not a valid ISO 8601 duration`);
  const sign = m[1] ? -1 : 1;
  const [y, mo, w, d, h, mi, s] = m.slice(2).map((x) => (x === undefined ? 0 : Number(x) * sign));
  const out = new Date(date.getTime());
  out.setUTCFullYear(out.getUTCFullYear() + y, out.getUTCMonth() + mo, out.getUTCDate() + w * 7 + d);
  out.setTime(out.getTime() + ((h * 60 + mi) * 60 + s) * 1000);
  return out;
}

export const DATE_FUNCTIONS: Record<string, TemplateFunction> = {
  utcnow: (args, scope, name) => {
    onlyInParameterDefault(name, scope);
    arity(name, args, 0, 1);
    const f = args[0]?.();
    return formatDate(new Date(), f === undefined ? "yyyyMMdd'T'HHmmss'Z'" : str(name, f));
  },
  // With no format the result is written in the base value's format (the reference: "If not provided, the format of the
  // base value is used"). Its output table ("4/7/2023 2:53:14 PM" for a base of 2020-04-07 14:53:14Z) shows the value
  // as a client renders a date in its locale: the localized pages show the same output as "07.04.2023 14:53:14" (de-de)
  // or "7/4/2023 14:53:14" (fr-fr), and the epoch example feeds dateTimeAdd(utcNow(), 'P1Y') to dateTimeToEpoch().
  datetimeadd: fixed(2, 3, ([b, d, f], n) => formatDate(addDuration(parseDate(str(n, b), n), str(n, d), n), f === undefined ? formatOf(str(n, b)) : str(n, f))),
  datetimefromepoch: fixed(1, 1, ([e], n) => formatDate(new Date(num(n, e) * 1000), "yyyy-MM-dd'T'HH:mm:ss'Z'")),
  datetimetoepoch: fixed(1, 1, ([t], n) => Math.floor(parseDate(str(n, t), n).getTime() / 1000)),
};
