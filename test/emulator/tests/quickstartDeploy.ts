// Helpers for the quickstart contract tests: read a published template and its parameter file as a client would
// (JSON with comments), fill the GEN-* placeholders the quickstart pipeline fills with generated values, and drive a
// what-if and a deployment to their end over HTTP.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ParseError, parse } from 'jsonc-parser';
import { ArmResponse, armRequest } from '../testClient';

export const ARM_TEMPLATES = join(__dirname, '..', '..', '..', '..', 'test', 'contract', 'armTemplates');
export const QUICKSTARTS = join(ARM_TEMPLATES, 'quickstarts');

/** A template or parameter file under test/contract/armTemplates (path from there). */
export function readTemplateFile(...path: string[]): Record<string, unknown> {
  const errors: ParseError[] = [];
  // Templates may hold comments and multi-line strings (ARM accepts both); the client sends them as plain JSON.
  return parse(readFileSync(join(ARM_TEMPLATES, ...path), 'utf8'), errors, { allowTrailingComma: true, disallowComments: false }) as Record<string, unknown>;
}

export function readJsonc(...path: string[]): Record<string, unknown> {
  return readTemplateFile('quickstarts', ...path);
}

/**
 * The parameter file's values with each GEN-* placeholder replaced the way the quickstart pipeline does (a fresh unique
 * lowercase value per occurrence, a password, a self-signed certificate) and GET-PREREQ-* from the prerequisite's outputs.
 */
export function fillPlaceholders(parameters: Record<string, { value?: unknown }>, prereqOutputs: Record<string, { value: unknown }> = {}): Record<string, { value: unknown }> {
  let n = 0;
  const out: Record<string, { value: unknown }> = {};
  for (const [name, entry] of Object.entries(parameters)) {
    let value = entry.value;
    if (typeof value === 'string') {
      if (value === 'GEN-UNIQUE') value = `gen${++n}unique`;
      else if (value === 'GEN-UNIQUE-6') value = `gen${++n}ab`.slice(0, 6);
      else if (value === 'GEN-PASSWORD') value = 'Test-Passw0rd-not-real';
      else if (value === 'GEN-SELFSIGNED-CERT-PFXDATA') value = Buffer.from('not a real certificate').toString('base64');
      else if (value === 'GEN-SELFSIGNED-CERT-PASSWORD') value = 'pfx-password-not-real';
      else if (value.startsWith('GET-PREREQ-')) value = prereqOutputs[value.slice('GET-PREREQ-'.length)]?.value;
    }
    out[name] = { value };
  }
  return out;
}

export const deploymentPath = (rg: string, name: string, suffix = ''): string =>
  `/subscriptions/sub-1/resourceGroups/${rg}/providers/Microsoft.Resources/deployments/${name}${suffix}?api-version=2021-04-01`;

/** The request body as a client sends it: pretty-printed, so errors can name a line. */
export const deploymentBody = (template: unknown, parameters: unknown): string => JSON.stringify({ properties: { mode: 'Incremental', template, parameters } }, null, 2);

export async function whatIf(baseUrl: string, token: string, rg: string, name: string, body: string): Promise<ArmResponse> {
  const accepted = await armRequest(baseUrl, token, 'POST', deploymentPath(rg, name, '/whatIf'), { body });
  if (accepted.status !== 202) return accepted;
  const location = accepted.headers.get('location') ?? '';
  for (let i = 0; i < 20; i++) {
    const res = await armRequest(baseUrl, token, 'GET', location);
    if (res.status !== 202) return res;
  }
  throw new Error('what-if did not end');
}

/** PUTs the deployment and polls its Azure-AsyncOperation URL to the end; returns the deployment as GET shows it. */
export async function deploy(baseUrl: string, token: string, rg: string, name: string, body: string): Promise<{ put: ArmResponse; done: ArmResponse; statuses: string[] }> {
  const put = await armRequest(baseUrl, token, 'PUT', deploymentPath(rg, name), { body });
  const statuses: string[] = [];
  if (put.status === 201 || put.status === 200) {
    const url = put.headers.get('azure-asyncoperation') ?? '';
    for (let i = 0; i < 20; i++) {
      const s = await armRequest(baseUrl, token, 'GET', url);
      statuses.push(String(s.json?.status));
      if (!['Accepted', 'Running'].includes(s.json?.status)) break;
    }
  }
  const done = await armRequest(baseUrl, token, 'GET', deploymentPath(rg, name));
  return { put, done, statuses };
}

/**
 * A template of one container group (resource name `name`, in the resource group's location) whose container `app`
 * runs the ACI hello-world sample with 1 CPU and 1 GB; `container` and `group` add to its properties.
 */
export function helloWorldTemplate({ parameters, name, container = {}, group = {}, outputs }: { parameters: Record<string, unknown>; name: string; container?: Record<string, unknown>; group?: Record<string, unknown>; outputs: Record<string, unknown> }): Record<string, unknown> {
  return {
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    parameters,
    resources: [
      {
        type: 'Microsoft.ContainerInstance/containerGroups',
        apiVersion: '2023-05-01',
        name,
        location: '[resourceGroup().location]',
        properties: {
          osType: 'Linux',
          containers: [{ name: 'app', properties: { image: 'mcr.microsoft.com/azuredocs/aci-helloworld', resources: { requests: { cpu: 1, memoryInGB: 1 } }, ...container } }],
          ...group,
        },
      },
    ],
    outputs,
  };
}
