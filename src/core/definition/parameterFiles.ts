/**
 * Deployment parameter files beside a template: where they are looked for, and the plain values they give, read
 * as nodes so a template's checks can use them in place of `[parameters('…')]` (as they use defaults).
 */
import { isParameterFile } from './armTemplate';
import { parseJson } from './jsonParser';
import { findProperty } from './nodeQuery';
import { isTemplateExpression } from './templateExpression';
import type { ScalarNode } from './types';

/** Where a template's parameter file may be, most specific first: `<name>.parameters.json`, then `azuredeploy.parameters.json`. */
export function parameterFileCandidates(templatePath: string): string[] {
  const slash = Math.max(templatePath.lastIndexOf('/'), templatePath.lastIndexOf('\\'));
  const dir = templatePath.slice(0, slash + 1);
  const base = templatePath.slice(slash + 1).replace(/\.jsonc?$/i, '');
  return [...new Set([`${dir}${base}.parameters.json`, `${dir}azuredeploy.parameters.json`])].filter((p) => p !== templatePath);
}

export interface ParameterFileValues {
  /** How messages name the file (e.g. its base name). */
  name: string;
  /** Plain scalar values by lower-case parameter name (Key Vault references and structured values are left out). */
  values: Map<string, ScalarNode>;
  /** Tells files apart in caches. */
  key: string;
}

/** The plain values a parameter file gives; undefined when the text is not a parameter file. */
export function readParameterFileValues(text: string, name: string): ParameterFileValues | undefined {
  const parsed = parseJson(text);
  if (!parsed.root || !isParameterFile(parsed.root)) return undefined;
  const values = new Map<string, ScalarNode>();
  const parameters = findProperty(parsed.root, 'parameters');
  for (const p of parameters?.kind === 'object' ? parameters.properties : []) {
    const value = findProperty(p, 'value');
    if (p.key === undefined || !value || (value.kind !== 'string' && value.kind !== 'number' && value.kind !== 'boolean') || isTemplateExpression(value.value)) continue;
    values.set(p.key.toLowerCase(), value);
  }
  return { name, values, key: `${name}|${[...values].map(([k, v]) => `${k}=${JSON.stringify(v.value)}`).join('|')}` };
}
