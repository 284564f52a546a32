import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClientSecretTokenProvider } from '../../src/core/auth/clientSecretTokenProvider';
import { readEnvironmentCredentials } from '../../src/core/auth/environment';
import {
  createAzureCliTokenProvider,
  createDeviceCodeTokenProvider,
  createEnvironmentTokenProvider,
} from '../../src/core/auth/identityProviders';
import { startTestEmulator } from '../emulator/testEmulator';
import { json, startFixture, rejectsWith } from './armHarness';

const SECRET = 'the-client-secret-1234';

function identityLoaded(): boolean {
  return Object.keys(require.cache).some((k) => k.includes(`${'@azure'}/identity`));
}

test('readEnvironmentCredentials needs tenant, client id and secret', () => {
  assert.equal(readEnvironmentCredentials({}), undefined);
  assert.equal(readEnvironmentCredentials({ AZURE_TENANT_ID: 't', AZURE_CLIENT_ID: 'c' }), undefined);
  assert.equal(readEnvironmentCredentials({ AZURE_TENANT_ID: ' ', AZURE_CLIENT_ID: 'c', AZURE_CLIENT_SECRET: 's' }), undefined);
  assert.deepEqual(readEnvironmentCredentials({ AZURE_TENANT_ID: ' t ', AZURE_CLIENT_ID: 'c', AZURE_CLIENT_SECRET: 's' }), { tenantId: 't', clientId: 'c', clientSecret: 's' });
  assert.deepEqual(
    readEnvironmentCredentials({ AZURE_TENANT_ID: 't', AZURE_CLIENT_ID: 'c', AZURE_CLIENT_SECRET: 's', AZURE_AUTHORITY_HOST: 'https://login.microsoftonline.us' }),
    { tenantId: 't', clientId: 'c', clientSecret: 's', authorityHost: 'https://login.microsoftonline.us' },
  );
});

test('client-secret provider: parallel calls share one token request; expires_in 0 is not cached', async () => {
  const emu = await startTestEmulator({ tokenLifetimeSeconds: 3600 });
  const shortLived = await startTestEmulator({ tokenLifetimeSeconds: 0 });
  try {
    const p = new ClientSecretTokenProvider({ authorityHost: emu.url, tenantId: 't', clientId: 'c', clientSecret: SECRET, userAgent: 'ua' });
    const [a, b] = await Promise.all([p.getToken(['x/.default']), p.getToken(['x/.default'])]);
    assert.equal(a.token, b.token);
    assert.equal(emu.requests.length, 1);
    const q = new ClientSecretTokenProvider({ authorityHost: shortLived.url, tenantId: 't', clientId: 'c', clientSecret: SECRET, userAgent: 'ua' });
    await q.getToken(['x/.default']);
    await q.getToken(['x/.default']);
    assert.equal(shortLived.requests.length, 2, 'a token inside the 5-minute margin is fetched again');
    await p.signOut();
    await p.getToken(['x/.default']);
    assert.equal(emu.requests.length, 2, 'sign-out drops the cache');
  } finally {
    await emu.close();
    await shortLived.close();
  }
});

test('client-secret provider: sends the form, reports AAD errors without the secret', async () => {
  const aad = await startFixture((_req, body, res) => {
    const form = new URLSearchParams(body);
    json(res, 401, {
      error: 'invalid_client',
      error_description: `AADSTS7000215: Invalid client secret provided: ${form.get('client_secret')}.\r\nTrace ID: 1`,
    });
  });
  try {
    const p = new ClientSecretTokenProvider({ authorityHost: aad.url, tenantId: 'contoso.onmicrosoft.com', clientId: 'app', clientSecret: SECRET, userAgent: 'ua/1' });
    const err = await rejectsWith(p.getToken(['https://management.azure.com/.default']));
    assert.equal(err.code, 'invalid_client');
    assert.equal(err.status, 401);
    assert.equal(err.message, 'Sign-in failed: Unauthorized (401): AADSTS7000215: Invalid client secret provided: ***. [invalid_client]');
    const hit = aad.hits[0];
    assert.equal(hit.url, '/contoso.onmicrosoft.com/oauth2/v2.0/token');
    assert.equal(hit.headers['content-type'], 'application/x-www-form-urlencoded');
    const form = new URLSearchParams(hit.body);
    assert.equal(form.get('grant_type'), 'client_credentials');
    assert.equal(form.get('scope'), 'https://management.azure.com/.default');
    assert.equal(form.get('client_id'), 'app');
  } finally {
    await aad.close();
  }
});

test('client-secret provider: timeout, cancellation and an unusable body each give a clear ArmError', async () => {
  const aad = await startFixture((req, _body, res) => {
    if (req.url?.startsWith('/hang/')) return; // never answers; closed with the fixture
    if (req.url?.startsWith('/html/')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>login</html>');
      return;
    }
    json(res, 200, { token_type: 'Bearer' });
  });
  try {
    const make = (tenant: string, timeoutMs = 2000) =>
      new ClientSecretTokenProvider({ authorityHost: aad.url, tenantId: tenant, clientId: 'c', clientSecret: SECRET, userAgent: 'ua', timeoutMs });
    const timeout = await rejectsWith(make('hang', 200).getToken(['s/.default']));
    assert.equal(timeout.kind, 'timeout');
    assert.match(timeout.message, /timed out after 0\.2 seconds/);
    const controller = new AbortController();
    const pending = make('hang').getToken(['s/.default'], { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    assert.equal((await rejectsWith(pending)).kind, 'canceled');
    assert.equal((await rejectsWith(make('html').getToken(['s/.default']))).kind, 'parse');
    const noToken = await rejectsWith(make('empty').getToken(['s/.default']));
    assert.match(noToken.message, /no access_token/);
  } finally {
    await aad.close();
  }
});

test('@azure/identity providers load the package only when a token is requested', async () => {
  const cli = createAzureCliTokenProvider({ tenantId: 'contoso' });
  const device = createDeviceCodeTokenProvider({ onDeviceCode: () => undefined });
  const env = createEnvironmentTokenProvider({ env: {} });
  assert.equal(cli.id, 'azure-cli:contoso');
  assert.equal(device.id, 'device-code');
  assert.equal(env.id, 'environment:none:-:-');
  // A client secret is ClientSecretTokenProvider's alone: the SDK path never signs in with one.
  assert.equal(createEnvironmentTokenProvider({ env: { AZURE_TENANT_ID: 't', AZURE_CLIENT_ID: 'c', AZURE_CLIENT_SECRET: 's' } }).id, 'environment:none:t:c');
  assert.equal(identityLoaded(), false);
  const err = await rejectsWith(env.getToken(['https://management.azure.com/.default']));
  assert.equal(err.code, 'CredentialUnavailable');
  assert.match(err.message, /AZURE_TENANT_ID, AZURE_CLIENT_ID/);
  assert.equal(identityLoaded(), true);
});

test('a canceled identity sign-in is an ArmError of kind canceled, sent nowhere', async () => {
  const provider = createEnvironmentTokenProvider({
    env: { AZURE_TENANT_ID: 'contoso', AZURE_CLIENT_ID: 'c', AZURE_CLIENT_CERTIFICATE_PATH: '/nonexistent.pem', AZURE_CLIENT_CERTIFICATE_PASSWORD: SECRET },
    authorityHost: 'https://127.0.0.1:1',
  });
  assert.equal(provider.id, 'environment:certificate:contoso:c');
  const canceled = new AbortController();
  canceled.abort();
  const err = await rejectsWith(provider.getToken(['s'], { signal: canceled.signal }));
  assert.equal(err.kind, 'canceled');
  assert.ok(!err.message.includes(SECRET));
});
