// String functions (template-functions-string): comparisons are case-insensitive where the reference says so
// (startsWith, endsWith, indexOf, lastIndexOf) and case-sensitive elsewhere (contains, replace).
import { Json, TemplateFunction, arr, asText, equal, fixed, num, parseJsonLenient, str } from './functionsBase';
import { invalidArgument } from './templateErrors';

/** .NET numeric format specifiers format() honours: N (grouped), D (zero-padded), F (fixed), X/x (hex), P (percent). */
function formatNumber(value: number, spec: string): string {
  const m = /^([NnDdFfXxPp])(\d*)$/.exec(spec);
  if (!m) return String(value);
  const digits = m[2] === '' ? undefined : Number(m[2]);
  switch (m[1].toUpperCase()) {
    case 'N':
      return value.toLocaleString('en-US', { minimumFractionDigits: digits ?? 2, maximumFractionDigits: digits ?? 2 });
    case 'D':
      return (value < 0 ? '-' : '') + String(Math.abs(Math.trunc(value))).padStart(digits ?? 0, '0');
    case 'F':
      return value.toFixed(digits ?? 2);
    case 'P':
      return `${(value * 100).toLocaleString('en-US', { minimumFractionDigits: digits ?? 2, maximumFractionDigits: digits ?? 2 })} %`;
    default: {
      const hex = (value >>> 0).toString(16).padStart(digits ?? 0, '0');
      return m[1] === 'X' ? hex.toUpperCase() : hex;
    }
  }
}

/** format(): .NET composite formatting: {index[,alignment][:specifier]}, {{ and }} for braces. */
function format(v: Json[], name: string): Json {
  const [pattern, ...values] = v;
  return str(name, pattern).replace(/\{\{|\}\}|\{(\d+)(?:,(-?\d+))?(?::([^}]*))?\}/g, (m, i: string | undefined, align: string | undefined, spec: string | undefined) => {
    if (m === '{{') return '{';
    if (m === '}}') return '}';
    const value = values[Number(i)];
    // .NET's FormatException words ("Index (zero based) must be greater than or equal to zero and less than the size of
    // the argument list.") inside ARM's function failure.
    if (value === undefined) throw invalidArgument(name, 'Index (zero based) must be greater than or equal to zero and less than the size of the argument list');
    const text = typeof value === 'number' && spec ? formatNumber(value, spec) : asText(value);
    const width = align === undefined ? 0 : Number(align);
    return width < 0 ? text.padEnd(-width) : text.padStart(width);
  });
}

/** indexOf()/lastIndexOf(): a string searched case-insensitively, or an array for an equal item. */
function indexOf(last: boolean): TemplateFunction {
  return fixed(2, 2, ([c, x], n) => {
    if (Array.isArray(c)) {
      const indexes = c.map((e, i) => (equal(e, x) ? i : -1)).filter((i) => i >= 0);
      return (last ? indexes.at(-1) : indexes[0]) ?? -1;
    }
    const text = str(n, c).toLowerCase();
    const find = str(n, x).toLowerCase();
    return last ? text.lastIndexOf(find) : text.indexOf(find);
  });
}

function dataUriToString(uri: string, name: string): string {
  const m = /^data:([^,]*),(.*)$/s.exec(uri);
  if (!m) throw invalidArgument(name, `the value '${uri}' is not a valid data URI`);
  return m[1].split(';').includes('base64') ? Buffer.from(m[2], 'base64').toString('utf8') : decodeURIComponent(m[2]);
}

export const STRING_FUNCTIONS: Record<string, TemplateFunction> = {
  concat: fixed(1, Infinity, (v) => (v.every(Array.isArray) ? (v as Json[][]).flat() : v.map((x) => (x === null ? '' : asText(x))).join(''))),
  format: fixed(1, Infinity, format),
  string: fixed(1, 1, ([x]) => asText(x)),
  tolower: fixed(1, 1, ([x], n) => str(n, x).toLowerCase()),
  toupper: fixed(1, 1, ([x], n) => str(n, x).toUpperCase()),
  trim: fixed(1, 1, ([x], n) => str(n, x).trim()),
  substring: fixed(2, 3, ([s, start, len], n) => {
    const text = str(n, s);
    const from = num(n, start);
    const count = len === undefined ? text.length - from : num(n, len);
    if (from < 0 || count < 0 || from + count > text.length) {
      throw invalidArgument(n, `the index and length parameters must refer to a location within the string. The index parameter: '${from}', the length parameter: '${count}', the length of the string parameter: '${text.length}'`);
    }
    return text.substring(from, from + count);
  }),
  replace: fixed(3, 3, ([s, a, b], n) => str(n, s).split(str(n, a)).join(str(n, b))),
  split: fixed(2, 2, ([s, d], n) => {
    const parts = Array.isArray(d) ? d.map((x) => str(n, x)) : [str(n, d)];
    return parts.reduce<string[]>((acc, sep) => acc.flatMap((p) => p.split(sep)), [str(n, s)]);
  }),
  join: fixed(2, 2, ([a, d], n) => arr(n, a).map(asText).join(str(n, d))),
  startswith: fixed(2, 2, ([s, p], n) => str(n, s).toLowerCase().startsWith(str(n, p).toLowerCase())),
  endswith: fixed(2, 2, ([s, p], n) => str(n, s).toLowerCase().endsWith(str(n, p).toLowerCase())),
  indexof: indexOf(false),
  lastindexof: indexOf(true),
  padleft: fixed(2, 3, ([s, w, c], n) => {
    const pad = c === undefined ? ' ' : str(n, c);
    if (pad.length !== 1) throw invalidArgument(n, 'the padding character must be a single character');
    return asText(s).padStart(num(n, w), pad);
  }),
  base64: fixed(1, 1, ([s], n) => Buffer.from(str(n, s), 'utf8').toString('base64')),
  base64tostring: fixed(1, 1, ([s], n) => Buffer.from(str(n, s), 'base64').toString('utf8')),
  base64tojson: fixed(1, 1, ([s], n) => {
    const text = Buffer.from(str(n, s), 'base64').toString('utf8');
    try {
      return parseJsonLenient(text);
    } catch {
      throw invalidArgument(n, `the decoded value '${text}' is not valid JSON`);
    }
  }),
  // The reference's example: dataUri('Hello') is "data:text/plain;charset=utf8;base64,SGVsbG8=".
  datauri: fixed(1, 1, ([s], n) => `data:text/plain;charset=utf8;base64,${Buffer.from(str(n, s), 'utf8').toString('base64')}`),
  datauritostring: fixed(1, 1, ([s], n) => dataUriToString(str(n, s), n)),
  uricomponent: fixed(1, 1, ([s], n) => encodeURIComponent(str(n, s))),
  uricomponenttostring: fixed(1, 1, ([s], n) => decodeURIComponent(str(n, s))),
  uri: fixed(2, 2, ([b, r], n) => new URL(str(n, r), str(n, b)).toString()),
  json: fixed(1, 1, ([x], n) => {
    try {
      return parseJsonLenient(str(n, x));
    } catch {
      throw invalidArgument(n, `the argument '${asText(x)}' is not valid JSON`);
    }
  }),
};
