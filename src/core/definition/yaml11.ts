/**
 * `az container create --file` reads files with a YAML 1.1 loader: plain scalars that YAML 1.1 reads
 * differently from YAML 1.2 (`on`, `yes`, `0777`, `1:30`, unquoted dates) get a warning with a quoting fix.
 */
import { Code } from './findingCodes';
import { isSecretField } from './secrets';
import { Finding, PathSegment, Range } from './types';

const YAML11_BOOL = /^(yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF)$/;
const YAML11_OCTAL = /^[-+]?0[0-7_]+$/;
const YAML11_SEXAGESIMAL = /^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$/;
/** What every pattern below needs: a letter of yes/no/on/off, or a leading digit (after a sign). */
const MAY_DIFFER = /^(?:[yYnNoO]|[-+]?[0-9])/;
const YAML11_DATE = /^\d{4}-\d\d?-\d\d?(([Tt]|[ \t]+)\d\d?:\d\d:\d\d(\.\d*)?(([ \t]*)Z|[-+]\d\d?(:\d\d)?)?)?$/;

/**
 * The warning for a plain scalar (value or key) that a YAML 1.1 reader takes differently; undefined if none.
 * `pathOf` is called only when there is a warning (most scalars have none, and readers build paths lazily).
 */
export function yaml11Finding(src: string, range: Range, pathOf: () => PathSegment[]): Finding | undefined {
  if (!MAY_DIFFER.test(src)) return undefined;
  const path = pathOf();
  // Messages reach the Problems view, logs and CLI output; a secret field's value appears only in the edit.
  const secret = isSecretField(path);
  const shown = secret ? 'value' : src;
  let code: string | undefined;
  let message = '';
  if (YAML11_BOOL.test(src)) {
    code = Code.yaml11Boolean;
    message = secret
      ? 'This unquoted value is text here but a boolean in YAML 1.1 (read by az container create). Quote it or write true/false.'
      : `Unquoted '${src}' is the text "${src}" here but a boolean in YAML 1.1 (read by az container create). Quote it ('${src}') or write true/false.`;
  } else if (YAML11_OCTAL.test(src) && src.replace(/[-+_]/g, '').length > 1) {
    code = Code.yaml11Number;
    message = `Unquoted ${shown} is a decimal number here but an octal number in YAML 1.1 (read by az container create). Quote it or drop the leading zero.`;
  } else if (YAML11_SEXAGESIMAL.test(src)) {
    code = Code.yaml11Number;
    message = `Unquoted ${shown} is text here but a base-60 number in YAML 1.1 (read by az container create). Quote it.`;
  } else if (YAML11_DATE.test(src)) {
    code = Code.unquotedDate;
    message = secret ? 'Unquoted value is read as a date by YAML 1.1 readers (az container create). Quote it.' : `Unquoted ${src} is read as a date by YAML 1.1 readers (az container create). Quote it: '${src}'.`;
  }
  if (!code) return undefined;
  return {
    code,
    severity: 'warning',
    message,
    range,
    path,
    fix: { title: secret ? 'Quote the value' : `Quote '${src}'`, edits: [{ range, newText: `'${src}'` }] },
  };
}
