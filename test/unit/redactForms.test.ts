// Secrets in the forms services and libraries write them back: percent-encoded in either case, form-encoded,
// encodeURI, base64/base64url (alone or inside a longer value such as a Basic header), hex, upper case, HTML
// references, `\uXXXX`, split across lines; short secrets by their field or as a quoted value; credentials in URLs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { redactText } from '../../src/core/arm/redact';
import { fuzzRuns } from './fuzzSeed';

const lowerPercent = (s: string) => encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (p) => p.toLowerCase());
const b64 = (s: string) => Buffer.from(s).toString('base64');
const b64url = (s: string) => Buffer.from(s).toString('base64url');
/** Each character as a decimal reference: what some HTML encoders write for every non-alphanumeric character. */
const htmlNumeric = (s: string) => [...s].map((c) => (/[A-Za-z0-9]/.test(c) ? c : `&#${c.codePointAt(0)};`)).join('');
/** The five characters HTML encoders escape (lodash, escape-html: `&#39;`; Python's html.escape: `&#x27;`). */
const htmlNamed = (s: string, apos: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": apos })[c] as string);
/** Every character as `\uXXXX`, as .NET's JSON encoder writes `+`, `&`, `<`, quotes and non-ASCII. */
const unicodeEscaped = (s: string) => [...s].map((c) => (/[A-Za-z0-9]/.test(c) ? c : [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`).join(''))).join('');
const splitAt = (s: string, at: number, brk: string) => {
  const cps = [...s];
  return cps.slice(0, at).join('') + brk + cps.slice(at).join('');
};

/** Every form named by the finding, each a way the secret is written into a longer line. */
const ENCODERS: Record<string, (s: string) => string> = {
  'lower-case percent-encoding': lowerPercent,
  'form encoding': (s) => new URLSearchParams({ p: s }).toString().slice(2),
  encodeURI: (s) => encodeURI(s),
  base64: b64,
  base64url: b64url,
  'base64 inside a Basic header': (s) => `Basic ${b64(`user:${s}`)}`,
  'base64url at another offset': (s) => b64url(`xy${s}z`),
  hex: (s) => Buffer.from(s).toString('hex'),
  'upper-case hex': (s) => Buffer.from(s).toString('hex').toUpperCase(),
  'upper case': (s) => s.toUpperCase(),
  'lower case': (s) => s.toLowerCase(),
  'HTML named references': (s) => htmlNamed(s, '&#39;'),
  'HTML references, Python style': (s) => htmlNamed(s, '&#x27;'),
  'HTML numeric references': htmlNumeric,
  '\\uXXXX': unicodeEscaped,
  'JSON-escaped twice': (s) => JSON.stringify(JSON.stringify(s)).slice(2, -2),
  'split across lines': (s) => splitAt(s, 3, '\n'),
  'split across lines, indented': (s) => splitAt(s, 2, '\r\n    '),
};

const SECRETS = ['Pa"ss w/o+rd&<ü>', "it's-a~secret*(1)", 'ghp_1a2B3c4D5e6F7g8H9i0J', 'ключ-секрет 🔑 ok', 'a\\b\nc\td'];

/** The bytes of a base64 or hex form that come from the secret, decoded back out of what was left. */
function recoverable(out: string, secret: string): boolean {
  if (out.includes(secret)) return true;
  const tokens = out.match(/[A-Za-z0-9+/_-]{8,}/g) ?? [];
  return tokens.some((t) => [Buffer.from(t, 'base64'), Buffer.from(t.slice(1), 'base64'), Buffer.from(t, 'hex')].some((b) => b.toString('latin1').includes(Buffer.from(secret).toString('latin1').slice(0, 6))));
}

test('every form a service or library writes a secret in is hidden, the text around it kept', () => {
  for (const secret of SECRETS) {
    for (const [name, encode] of Object.entries(ENCODERS)) {
      const written = encode(secret);
      const out = redactText(`before ${written} after`, [secret]);
      assert.ok(!out.includes(written), `${name} of ${JSON.stringify(secret)}: ${JSON.stringify(written)} in ${JSON.stringify(out)}`);
      assert.ok(!recoverable(out, secret), `${name} of ${JSON.stringify(secret)} recoverable from ${JSON.stringify(out)}`);
      assert.match(out, /^before .*\*\*\*.* after$/s, `${name}: ${JSON.stringify(out)}`);
    }
  }
});

test('generated secrets and encodings: no encoding survives redaction', () => {
  const secret = fc.oneof(fc.string({ unit: 'binary-ascii', minLength: 4, maxLength: 40 }), fc.string({ unit: 'grapheme', minLength: 4, maxLength: 12 }));
  const around = fc.string({ unit: 'grapheme-ascii', maxLength: 20 });
  fc.assert(
    fc.property(secret, fc.constantFrom(...Object.keys(ENCODERS)), around, around, (s, name, before, after) => {
      fc.pre([...s].length >= 4 && s.trim() === s);
      const written = ENCODERS[name](s);
      const out = redactText(`${before} ${written} ${after}`, [s]);
      return !out.includes(written) && !out.includes(s);
    }),
    { numRuns: fuzzRuns(200) },
  );
});

test('short secrets are hidden by their field, as whole quoted values and as whole tokens, never matched inside words', () => {
  const short = ['pw', 'k', 'x1!'];
  const cases: [string, string][] = [
    ["value 'pw' is invalid", "value '***' is invalid"],
    ['{"message":"value \\"k\\" rejected"}', '{"message":"value \\"***\\" rejected"}'],
    ['client_secret=x1%21&grant_type=client_credentials', 'client_secret=***&grant_type=client_credentials'],
    ['  secureValue: pw\n  name: B', '  secureValue: ***\n  name: B'],
    ['password = "x1!" then', 'password = *** then'],
    ['pw is short and hidden; a word like keep is kept', '*** is short and hidden; a word like keep is kept'],
  ];
  for (const [text, expected] of cases) assert.equal(redactText(text, short), expected);
});

test('the user and password of a URL are hidden wherever it is written, the rest of the URL kept', () => {
  assert.equal(redactText('clone https://user:ghp_token@github.com/o/r.git failed', []), 'clone https://***@github.com/o/r.git failed');
  assert.equal(redactText('{"repository":"https:\\/\\/tok@dev.azure.com\\/o\\/_git\\/r"}', []), '{"repository":"https:\\/\\/***@dev.azure.com\\/o\\/_git\\/r"}');
  assert.equal(redactText('mail user@example.com, ssh git@github.com:o/r', []), 'mail user@example.com, ssh git@github.com:o/r');
});

test('a long secret (a certificate in a secret volume) is found in its whole forms', () => {
  const pem = `-----BEGIN KEY-----\n${'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo'.repeat(30)}\n-----END KEY-----`;
  for (const written of [pem, JSON.stringify(pem).slice(1, -1), encodeURIComponent(pem), b64(pem)]) {
    assert.equal(redactText(`x ${written} y`, [pem]), 'x *** y');
  }
});
