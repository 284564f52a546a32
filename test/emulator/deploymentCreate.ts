// The steps a deployment PUT (and a what-if) takes before anything is created: read the request, evaluate the template
// (InvalidTemplate on any problem, answered 400), then the providers' preflight (InvalidTemplateDeployment with the
// provider's error inside); and then the creation of each resource in dependency order.
import { randomUUID } from 'node:crypto';
import type { RequestContext } from './context';
import { acceptContainerGroup } from './containerGroups';
import { deployRefusal, refusalError } from './containerGroupRefusals';
import { readAsProvider } from './containerGroupReader';
import { validateContainerGroup } from './containerGroupValidation';
import { FAULT_HEADER } from './faults';
import { TENANT, resourceGroupLocation } from './pickLists';
import { Reply, cloudError } from './reply';
import type { Obj } from './armTemplates/functions';
import { InvalidTemplate, TemplateFailure } from './armTemplates/templateErrors';
import { Instance, TemplateRun } from './armTemplates/templateRun';
import { deploymentRuntime, isContainerGroupType, parseResourceId, resourcesInGroup } from './deploymentResources';
import { groupKey, normalizeLocation } from './containerGroupView';
import { DeploymentOperation, newOperationId } from './deploymentStore';

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function invalidContent(message: string): Reply {
  return cloudError(400, { code: 'InvalidRequestContent', message: `The request content was invalid and could not be deserialized: '${message}'.` });
}

/** Reads the request and evaluates the template as validation does (nothing is created; runtime values deferred). */
export function prepareRun(ctx: RequestContext): { body: Obj; run: TemplateRun } | { reply: Reply } {
  let body: unknown;
  try {
    body = JSON.parse(ctx.body.toString('utf8'));
  } catch (e) {
    return { reply: invalidContent((e as Error).message) };
  }
  if (!isObj(body) || !isObj(body.properties)) return { reply: invalidContent("Required property 'properties' not found in JSON. Path ''") };
  const props = body.properties;
  if (props.templateLink !== undefined || props.parametersLink !== undefined) {
    return { reply: cloudError(400, { code: 'InvalidRequestContent', message: 'The emulator deploys inline templates only: send properties.template and properties.parameters.' }) };
  }
  if (typeof props.mode !== 'string') return { reply: invalidContent("Required property 'mode' not found in JSON. Path 'properties'") };
  if (!['incremental', 'complete'].includes(props.mode.toLowerCase())) {
    return { reply: invalidContent(`Error converting value "${props.mode}" to type 'Microsoft.WindowsAzure.ResourceStack.Frontdoor.Data.Definitions.DeploymentMode'. Path 'properties.mode'`) };
  }
  if (!isObj(props.template)) {
    // The swagger: "The template content. … Use either the templateLink property or the template property, but not both."
    return { reply: cloudError(400, { code: 'InvalidDeployment', message: "The deployment must have either 'template' or 'templateLink' property set." }) };
  }
  const { subscriptionId, resourceGroup, deploymentName } = ctx.params;
  const target = { subscriptionId, tenantId: TENANT, resourceGroup, location: resourceGroupLocation(resourceGroup), deploymentName, mode: props.mode };
  try {
    const parameters = isObj(props.parameters) ? props.parameters : {};
    const run = new TemplateRun(props.template, parameters, ctx.body.toString('utf8'), target, deploymentRuntime(ctx.state), true);
    // Every resource and output is evaluated now, so a function the language does not have or a property that does
    // not exist is refused before anything is created (what needs deployed resources is left for later).
    for (const inst of run.instances) run.resourceBody(inst);
    run.outputs();
    return { body, run };
  } catch (e) {
    if (e instanceof InvalidTemplate) return { reply: cloudError(400, e.toArmError()) };
    if (e instanceof TemplateFailure) return { reply: cloudError(400, new InvalidTemplate(e.message).toArmError()) };
    throw e;
  }
}

/**
 * A property set to null (a template's "[if(…, …, null())]", Bicep's optional values) is one the provider's JSON reader
 * leaves unset, and the group it returns does not show it.
 */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isObj(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
}

/** The container group body a resource element sends to the provider (read as the provider's JSON reader reads it). */
export function groupBody(resource: Obj): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['location', 'tags', 'zones', 'identity', 'properties']) if (resource[k] !== undefined) out[k] = resource[k];
  return readAsProvider(withoutNulls(out)) as Record<string, unknown>;
}

/**
 * The providers' preflight validation: a container group the provider would refuse fails the whole PUT with
 * InvalidTemplateDeployment ("The template deployment 'dummy' is not valid according to the validation procedure. The
 * tracking id is '…'. See inner errors for details." with the provider's error in details, as the quickstart pipeline
 * reported it in Azure/azure-quickstart-templates#1073).
 */
export function preflight(ctx: RequestContext, run: TemplateRun): Reply | undefined {
  for (const inst of run.instances.filter((i) => isContainerGroupType(i.type))) {
    // The provider validates the body it would be sent: secure parameters evaluated like any other (ARM hides them
    // only in what it returns), values of resources not yet deployed still as written.
    const problems = validateContainerGroup(inst.name, groupBody(run.resourceBody(inst, false)));
    if (problems.length > 0) {
      return cloudError(400, {
        code: 'InvalidTemplateDeployment',
        message: `The template deployment '${ctx.params.deploymentName}' is not valid according to the validation procedure. The tracking id is '${randomUUID()}'. See inner errors for details.`,
        details: [{ code: problems[0].code, message: problems[0].message }],
      });
    }
  }
  return undefined;
}

/** Creates every resource in dependency order; each gets a deployment operation. */
export function createResources(ctx: RequestContext, run: TemplateRun): DeploymentOperation[] {
  const header = ctx.headers[FAULT_HEADER];
  const headerFault = Array.isArray(header) ? header[0] : header;
  return run.instances.map((inst: Instance) => {
    const op: DeploymentOperation = { operationId: newOperationId(), resourceId: inst.id, resourceType: inst.type, resourceName: inst.name, startedAt: ctx.state.now() };
    let resource: Obj;
    try {
      resource = run.resourceBody(inst);
    } catch (e) {
      if (!(e instanceof InvalidTemplate)) throw e;
      op.failure = e.atDeployment(inst.id);
      return op;
    }
    const parts = parseResourceId(inst.id);
    if (parts && isNestedTemplate(inst.type, resource)) {
      op.failure = deployNested(ctx, run, inst, parts.resourceGroup, resource);
    } else if (parts && isContainerGroupType(inst.type) && deployRefusal(parts.name)) {
      // The provider refuses the group's PUT as it refuses a plain deploy (containerGroupRefusals.ts); ARM lists
      // the provider's error as the operation's statusMessage and fails the deployment with DeploymentFailed (ARM
      // docs, "View deployment history", deployment operations; the portal showing a DNS label error under a
      // deployment that failed so in derekbekoe/vscode-spot#37).
      const body = groupBody(resource);
      const refused = refusalError(deployRefusal(parts.name)!, parts.name, body, normalizeLocation(String(body.location ?? resourceGroupLocation(parts.resourceGroup))));
      op.failure = { code: refused.error.code, message: refused.error.message };
      op.failureStatus = refused.status;
    } else if (parts && isContainerGroupType(inst.type)) {
      const fault = ctx.state.faults.resolve(headerFault, parts.name);
      op.group = acceptContainerGroup(ctx.state, parts, groupBody(resource), fault);
    } else {
      ctx.state.resources.set(inst.id.toLowerCase(), { id: inst.id, type: inst.type, name: inst.name, apiVersion: String(resource.apiVersion ?? ''), body: resource });
    }
    return op;
  });
}

const isNestedTemplate = (type: string, resource: Obj): boolean =>
  type.toLowerCase() === 'microsoft.resources/deployments' && isObj(resource.properties) && isObj(resource.properties.template);

/**
 * A nested deployment with its template inline (Bicep modules, and the telemetry deployment of Azure Verified Modules):
 * its template is evaluated with the parameters it is given, in the resource group it names, its resources created
 * like the parent's, and it is kept with its outputs so reference() of it reads them (".outputs.<name>.value"). Only
 * the outputs are kept: its parameters may hold secrets. A resource of it that fails fails it with ARM's
 * DeploymentFailed words.
 */
function deployNested(ctx: RequestContext, parent: TemplateRun, inst: Instance, resourceGroup: string, resource: Obj): DeploymentOperation['failure'] {
  const props = resource.properties as Obj;
  const template = props.template as Obj;
  const parameters = isObj(props.parameters) ? props.parameters : {};
  const target = { ...parent.target, resourceGroup, location: resourceGroupLocation(resourceGroup), deploymentName: inst.name };
  let nested: TemplateRun;
  try {
    nested = new TemplateRun(template, parameters, JSON.stringify({ properties: { template, parameters } }, null, 2), target, parent.runtime, false);
  } catch (e) {
    if (e instanceof InvalidTemplate) return e.toArmError();
    if (e instanceof TemplateFailure) return new InvalidTemplate(e.message).toArmError();
    throw e;
  }
  const failed = createResources({ ...ctx, params: { ...ctx.params, resourceGroup } }, nested).filter((o) => o.failure);
  if (failed.length > 0) {
    return {
      code: 'DeploymentFailed',
      message: 'At least one resource deployment operation failed. Please list deployment operations for details. Please see https://aka.ms/arm-deployment-operations for usage details.',
      details: failed.map((o) => ({ ...(o.failure as NonNullable<DeploymentOperation['failure']>), target: o.resourceId })),
    };
  }
  let outputs: Obj;
  try {
    outputs = nested.outputs();
  } catch (e) {
    if (e instanceof InvalidTemplate) return e.toArmError();
    throw e;
  }
  const body: Obj = { properties: { mode: String(props.mode ?? 'Incremental'), outputs } };
  ctx.state.resources.set(inst.id.toLowerCase(), { id: inst.id, type: inst.type, name: inst.name, apiVersion: String(resource.apiVersion ?? ''), body });
  return undefined;
}

/**
 * Complete mode: what the resource group holds and the template does not mention is deleted (the swagger's
 * DeploymentMode: "In complete mode, resources are deployed and existing resources in the resource group that are not
 * included in the template are deleted").
 */
export function removeUnmentioned(ctx: RequestContext, run: TemplateRun): void {
  const mentioned = new Set(run.instances.map((i) => i.id.toLowerCase()));
  for (const { id } of resourcesInGroup(ctx.state, ctx.params.subscriptionId, ctx.params.resourceGroup)) {
    if (mentioned.has(id.toLowerCase())) continue;
    const parts = parseResourceId(id);
    if (parts && isContainerGroupType(parts.type)) ctx.state.groups.delete(groupKey(parts));
    else ctx.state.resources.delete(id.toLowerCase());
  }
}
