/**
 * Which definitions deploy as a template deployment, and the request they make. A template goes to Azure as a
 * whole (Microsoft.Resources/deployments) when Azure must evaluate it: its resources hold expressions, it declares
 * parameters, or it holds more than container groups. A template of plain container groups alone still deploys as
 * the container group itself.
 */
import { parseJson } from '../definition/jsonParser';
import { toPlainValue } from '../definition/nodeQuery';
import { isPlainObject, prop } from '../definition/plainValues';
import { isTemplateExpression } from '../definition/templateExpression';
import type { DeploymentBody, ParameterEntry } from './deployments';
import { otherKindOfType } from '../schema/resourceKinds';

const CG_TYPE = 'microsoft.containerinstance/containergroups';

function holdsExpression(value: unknown): boolean {
  if (isTemplateExpression(value)) return true;
  if (Array.isArray(value)) return value.some(holdsExpression);
  if (isPlainObject(value)) return Object.values(value).some(holdsExpression);
  return false;
}

/** The template's resources as a list (an array, or an object of symbolic names). */
function resourceList(template: unknown): unknown[] {
  const resources = prop(template, 'resources');
  return Array.isArray(resources) ? resources : isPlainObject(resources) ? Object.values(resources) : [];
}

/**
 * True for an ARM template (`resources` with a container group) that Azure has to evaluate, and for one holding
 * container group profiles or NGroups resources without a container group: ARM deploys those as a whole (the PUT
 * of one resource is for a single profile or NGroups file).
 */
export function deploysAsTemplate(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const resources = resourceList(value);
  const types = resources.map((r) => String(prop(r, 'type') ?? '').toLowerCase());
  if (!types.includes(CG_TYPE)) return types.some((t) => otherKindOfType(t) !== undefined);
  const parameters = prop(value, 'parameters');
  return (
    holdsExpression(prop(value, 'resources')) ||
    (isPlainObject(parameters) && Object.keys(parameters).length > 0) ||
    types.some((t) => t !== CG_TYPE) ||
    isPlainObject(prop(value, 'resources'))
  );
}

/** The template text as the value to send (comments, as ARM accepts them, dropped); undefined when it does not parse. */
export function readTemplate(text: string): unknown {
  const parsed = parseJson(text);
  if (!parsed.root || parsed.diagnostics.some((d) => d.severity === 'error')) return undefined;
  return toPlainValue(parsed.root);
}

export function deploymentBody(template: unknown, parameters: Record<string, ParameterEntry>): DeploymentBody {
  return { properties: { mode: 'Incremental', template, parameters } };
}

/** The body as the client sends it (JSON.stringify): Azure's line and column numbers are in this text. */
export function sentText(body: DeploymentBody): string {
  return JSON.stringify(body);
}
