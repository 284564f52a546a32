// Runs the ARM function reference's own examples (test/contract/armTemplates/functions/<category>.json): each example
// template is evaluated as a deployment with its default values (or the parameters the page names) and every output
// is compared with the page's output table. A value that depends on the deployment (a time, a new GUID, a hash of the
// documented resource group) is given as {"$matches": regex, "why": …}.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Obj } from '../armTemplates/functions';
import { TemplateRun } from '../armTemplates/templateRun';

export const FUNCTIONS_DIR = join(__dirname, '..', '..', '..', '..', 'test', 'contract', 'armTemplates', 'functions');

interface Case {
  name: string;
  /** The deployment's resource group, where the page's table names one ("examplegroup"). */
  resourceGroup?: string;
  template: string | Obj;
  parameters?: Obj;
  outputs: Record<string, unknown>;
}

const target = { subscriptionId: 'sub-1', tenantId: 'tenant-1', resourceGroup: 'rg-1', location: 'westeurope', deploymentName: 'functions' };

/** The outputs a deployment of the template would show: {name: value}. */
export function evaluateOutputs(template: Obj, parameters: Obj = {}, resourceGroup = target.resourceGroup): Record<string, unknown> {
  const text = JSON.stringify({ properties: { mode: 'Incremental', template, parameters } }, null, 2);
  const run = new TemplateRun(template, parameters, text, { ...target, resourceGroup }, { reference: () => undefined, list: () => undefined }, false);
  return Object.fromEntries(Object.entries(run.outputs()).map(([k, v]) => [k, (v as Obj).value]));
}

export function runFunctionCases(category: string): void {
  const fixture = JSON.parse(readFileSync(join(FUNCTIONS_DIR, `${category}.json`), 'utf8')) as { docs: { path: string }; cases: Case[] };
  describe(`emulator: ${category} template functions give the results of ${fixture.docs.path}`, () => {
    for (const c of fixture.cases) {
      it(c.name, () => {
        const template = typeof c.template === 'string' ? (JSON.parse(readFileSync(join(FUNCTIONS_DIR, 'samples', c.template), 'utf8')) as Obj) : c.template;
        const actual = evaluateOutputs(template, c.parameters, c.resourceGroup);
        for (const [name, expected] of Object.entries(c.outputs)) {
          const pattern = expected && typeof expected === 'object' && '$matches' in expected ? String((expected as { $matches: string }).$matches) : undefined;
          if (pattern !== undefined) assert.match(String(actual[name]), new RegExp(pattern), name);
          // The page writes the deploying subscription as "{current-sub-id}".
          else assert.deepEqual(actual[name], typeof expected === 'string' ? expected.replace('{current-sub-id}', target.subscriptionId) : expected, name);
        }
        assert.deepEqual(Object.keys(actual).sort(), Object.keys(c.outputs).sort());
      });
    }
  });
}
