// Secrets in replies that echo the request: JSON-escaped once or twice, inside error messages, and secrets too
// short to match as text, hidden by their field wherever the JSON carries it. One case goes through a real
// 127.0.0.1 server that answers a PUT with a 400 quoting the body, as a validation error may.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ArmClient } from '../../src/core/arm/client';
import { redactSecretFields, redactText } from '../../src/core/arm/redact';
import { MemoryLogger, StaticTokenProvider, json, rejectsWith, startFixture } from './armHarness';

const LONG = 'Pa"ss\\word-4f9c';
const SHORT = 'pw';
const KEY = 'k3y';

function body(): Record<string, unknown> {
  return {
    location: 'westeurope',
    properties: {
      containers: [{ name: 'app', properties: { environmentVariables: [{ name: 'A', value: 'plain' }, { name: 'B', secureValue: SHORT }] } }],
      imageRegistryCredentials: [{ server: 'r.example', username: 'u', password: LONG }],
      volumes: [{ name: 'v', azureFile: { shareName: 's', storageAccountName: 'a', storageAccountKey: KEY } }, { name: 'w', secret: { 'a.txt': 'eA==', 'b.txt': 'Yg==' } }],
    },
  };
}

/** Every way a value can appear in text: as is, JSON-escaped once and twice. */
function forms(value: string): string[] {
  const once = JSON.stringify(value).slice(1, -1);
  return [value, once, JSON.stringify(once).slice(1, -1)];
}

function assertHidden(text: string): void {
  for (const s of [LONG, SHORT, KEY, 'eA==', 'Yg==']) {
    for (const f of forms(s)) assert.ok(!new RegExp(`["\\\\]${f.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}["\\\\]`).test(text), `${JSON.stringify(f)} in ${text}`);
  }
}

test('a 400 that quotes the request body carries none of its secrets, of any length', async () => {
  const server = await startFixture((_req, received, res) =>
    json(res, 400, { error: { code: 'InvalidRequestContent', message: `The request content ${received} was invalid.` } }));
  try {
    const logger = new MemoryLogger();
    const client = new ArmClient({ endpoint: server.url, tokenProvider: new StaticTokenProvider(), scope: `${server.url}/.default`, userAgent: 't', logger });
    const err = await rejectsWith(client.request({ method: 'PUT', path: '/subscriptions/s/resourceGroups/r/providers/Microsoft.ContainerInstance/containerGroups/g', apiVersion: '2023-05-01', body: body() }));
    assert.equal(err.status, 400);
    assert.match(err.message, /"username":"u"/, 'the rest of the echo is kept');
    assert.match(err.message, /"secureValue":"\*\*\*"/);
    assertHidden(err.message);
    // The request body is never logged: the log has the request line and its status only.
    assert.ok(logger.lines.length > 0);
    assert.ok(logger.lines.every((l) => !l.includes('westeurope') && !l.includes('r.example')), logger.lines.join('\n'));
  } finally {
    await server.close();
  }
});

test('secret fields are hidden in JSON escaped once and twice, and objects of secrets whole', () => {
  const once = JSON.stringify({ message: `bad: ${JSON.stringify(body())}` });
  const twice = JSON.stringify({ error: once });
  for (const text of [JSON.stringify(body()), once, twice]) {
    const out = redactText(text, []);
    assertHidden(out);
    assert.ok(out.includes('plain') && out.includes('westeurope'), out);
  }
  assert.equal(redactSecretFields('{"secret": {"x": "}{\\"", "y": "z"}, "n": 1}'), '{"secret": {***}, "n": 1}');
  assert.equal(redactSecretFields('{"Password": "a\\\\", "next": "kept"}'), '{"Password": "***", "next": "kept"}');
});

test('a value cut off inside a secret field hides the rest of the text', () => {
  assert.equal(redactText('{"storageAccountKey": "abc', []), '{"storageAccountKey": "***');
});

test('known secrets are hidden in their escaped forms, outside secret fields too', () => {
  const echoed = JSON.stringify({ message: `value "${LONG}" rejected; as sent: ${JSON.stringify(JSON.stringify(LONG))}` });
  const out = redactText(echoed, [LONG]);
  for (const f of forms(LONG)) assert.ok(!out.includes(f), `${f} in ${out}`);
  assert.equal(redactText(`x=${encodeURIComponent(LONG)}`, [LONG]), 'x=***');
});

test('a short secret is hidden as a whole token, never inside a longer word', () => {
  assert.equal(redactText('pw is short', [SHORT]), '*** is short');
  assert.equal(redactText('pwd and upwards keep their letters', [SHORT]), 'pwd and upwards keep their letters');
  assert.equal(redactText('{"secureValue":"pw"}', [SHORT]), '{"secureValue":"***"}');
});
