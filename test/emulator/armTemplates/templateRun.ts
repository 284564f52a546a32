// One evaluation of a template for a deployment (or its what-if): parameters, variables, the resources the copy
// loops and child resources expand to (in dependsOn order), their evaluated bodies, and the outputs.
// Semantics from the ARM template docs (syntax, copy-resources, copy-properties, copy-variables, resource-dependency).
import { createHash } from 'node:crypto';
import { Deferred, Scope, evaluateString, evaluateTree } from './evaluate';
import type { Json, Obj } from './functions';
import { unknownLambdaVariable } from './functionsLambda';
import { notFoundReference, resourceIdOf } from './functionsResource';
import { ParameterValue, displayType, resolveParameters } from './templateParameters';
import { TemplateFailure, invalidElement } from './templateErrors';
import { Instance, expandResources, resourceElements } from './templateResources';
import { TemplatePositions } from './templatePositions';

export type { Instance } from './templateResources';

export interface DeploymentTarget {
  subscriptionId: string;
  tenantId: string;
  resourceGroup: string;
  location: string;
  deploymentName: string;
  /** The deployment's mode as sent (Incremental, Complete). */
  mode?: string;
}

/** The state of resources as the deployment sees it: undefined when the resource does not exist (yet). */
export interface Runtime {
  reference(id: string, full: boolean): Json | undefined;
  list(action: string, id: string): Json | undefined;
}


const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const findKey = (o: Obj, key: string): string | undefined => Object.keys(o).find((k) => k.toLowerCase() === key.toLowerCase());

export class TemplateRun {
  readonly parameters: Map<string, ParameterValue>;
  readonly positions: TemplatePositions;
  private readonly variableValues = new Map<string, Json>();
  private readonly variablesResolving = new Set<string>();
  private instanceList: Instance[] = [];
  /** Symbolic names (languageVersion 2.0) to resource ids, existing resources included. */
  private symbols = new Map<string, string>();
  private collections = new Map<string, string[]>();

  /**
   * `deferRuntime` (what-if, validation): reference()/list*() of resources that do not exist yet stay as written, and
   * so does every expression that reads a secure parameter, so a what-if never carries a secret.
   */
  constructor(
    readonly template: Obj,
    readonly supplied: Obj,
    requestText: string,
    readonly target: DeploymentTarget,
    readonly runtime: Runtime,
    private readonly deferRuntime: boolean,
  ) {
    this.positions = new TemplatePositions(requestText);
    resourceElements(template);
    this.parameters = resolveParameters(template, supplied, this.positions, (resolve) => ({ ...this.scope({ parameter: resolve }), parameterDefault: true }));
    this.checkVariables();
    const expansion = expandResources(this);
    this.instanceList = expansion.instances;
    this.symbols = expansion.symbols;
    this.collections = expansion.collections;
  }

  get instances(): Instance[] {
    return this.instanceList;
  }

  /** Every parameter's value for expressions; a secure one is deferred when secure values must not show. */
  private parameterValue(name: string, hideSecure: boolean): Json {
    const p = this.parameters.get(name.toLowerCase());
    if (!p) throw new TemplateFailure(`The template parameter '${name}' is not found. Please see https://aka.ms/arm-syntax-parameters for usage details.`);
    if (p.secure && hideSecure) throw new Deferred();
    return p.value;
  }

  scope(over: { parameter?: (n: string) => Json; loops?: Map<string, number>; resourceLoop?: { name: string; index: number }; hideSecure?: boolean } = {}): Scope {
    const t = this.target;
    const rgId = `/subscriptions/${t.subscriptionId}/resourceGroups/${t.resourceGroup}`;
    return {
      parameter: over.parameter ?? ((n) => this.parameterValue(n, over.hideSecure ?? this.deferRuntime)),
      variable: (n) => this.variable(n, over.hideSecure ?? this.deferRuntime),
      copyIndex: (loop) => {
        if (loop !== undefined) {
          const v = over.loops?.get(loop.toLowerCase());
          if (v !== undefined) return v;
          if (over.resourceLoop && over.resourceLoop.name.toLowerCase() === loop.toLowerCase()) return over.resourceLoop.index;
        } else if (over.resourceLoop) {
          return over.resourceLoop.index;
        } else if (over.loops && over.loops.size === 1) {
          return [...over.loops.values()][0];
        }
        // ARM's words for copyIndex() outside a copy loop.
        throw new TemplateFailure(
          "The template function 'copyIndex' is not expected at this location. The function can only be used in a resource with copy specified. Please see https://aka.ms/arm-copy for usage details.",
        );
      },
      resourceGroup: () => ({ id: rgId, name: t.resourceGroup, type: 'Microsoft.Resources/resourceGroups', location: t.location, properties: { provisioningState: 'Succeeded' } }),
      subscription: () => ({ id: `/subscriptions/${t.subscriptionId}`, subscriptionId: t.subscriptionId, tenantId: t.tenantId, displayName: 'Contoso Emulator' }),
      // A resource group deployment has no management group (the wording follows ARM's for copyIndex() out of place;
      // the exact sentence for managementGroup() is not on record).
      managementGroup: () => {
        throw new TemplateFailure("The template function 'managementGroup' is not expected at this location. It can only be used in a management group deployment. Please see https://aka.ms/arm-template-expressions for usage details.");
      },
      lambdaVariable: (n) => {
        throw unknownLambdaVariable(n);
      },
      deployment: () => this.deploymentObject(),
      reference: (idOrName, _api, full) => this.reference(idOrName, full),
      references: (name, full) => {
        const ids = this.collections.get(name.toLowerCase());
        // The wording for a name that is not a resource collection is not on record.
        if (!ids) throw new TemplateFailure(`The resource collection '${name}' is not defined in the template.`);
        return ids.map((id) => this.reference(id, full));
      },
      list: (action, idOrName) => {
        const id = this.idOf(idOrName);
        if (this.deferred(id)) throw new Deferred();
        const v = this.runtime.list(action, id);
        if (v !== undefined) return v;
        if (this.deferRuntime) throw new Deferred();
        throw notFoundReference(id);
      },
      resourceId: (args) => resourceIdOf(args, t.subscriptionId, t.resourceGroup),
    };
  }

  /**
   * deployment() for an inline template deployed to a resource group, in the reference's documented format:
   * {name, properties: {template: {$schema, contentVersion, parameters, variables, resources, outputs}, templateHash,
   * parameters, mode, provisioningState}}. The parameters are those sent, without the value of a secure one (so an
   * output of deployment() never carries a secret); the provisioningState while it is evaluated is not on record.
   */
  private deploymentObject(): Obj {
    const parameters: Obj = {};
    for (const [name, entry] of Object.entries(this.supplied)) parameters[name] = this.parameters.get(name.toLowerCase())?.secure ? {} : entry;
    const { $schema = '', contentVersion = '', parameters: declared = {}, variables = {}, resources = [], outputs = {}, ...rest } = this.template;
    return {
      name: this.target.deploymentName,
      properties: {
        template: { $schema, contentVersion, parameters: declared, variables, resources, outputs, ...rest },
        templateHash: BigInt(`0x${createHash('sha256').update(JSON.stringify(this.template)).digest('hex').slice(0, 15)}`).toString(),
        parameters,
        mode: this.target.mode ?? 'Incremental',
        provisioningState: 'Running',
      },
    };
  }

  /** reference() and listKeys() take a resource id, a symbolic name, or the name of a resource in this template. */
  private idOf(idOrName: string): string {
    if (idOrName.startsWith('/')) return idOrName;
    const symbol = this.symbols.get(idOrName.toLowerCase());
    if (symbol) return symbol;
    const named = this.instanceList.find((i) => i.name.toLowerCase() === idOrName.toLowerCase());
    return named?.id ?? resourceIdOf(['Microsoft.Unknown/unknown', idOrName], this.target.subscriptionId, this.target.resourceGroup);
  }

  /** In validation and what-if, the state of a resource this template deploys is not known yet, even if it exists. */
  private deferred(id: string): boolean {
    return this.deferRuntime && this.instanceList.some((i) => i.id.toLowerCase() === id.toLowerCase());
  }

  private reference(idOrName: string, full: boolean): Json {
    const id = this.idOf(idOrName);
    if (this.deferred(id)) throw new Deferred();
    const v = this.runtime.reference(id, full);
    if (v !== undefined) return v;
    if (this.deferRuntime) throw new Deferred();
    throw notFoundReference(id);
  }

  /** A variable's value; kept apart for a run that hides secure values and one that does not. */
  variable(name: string, hideSecure = this.deferRuntime): Json {
    const key = `${hideSecure ? 'hidden' : 'shown'}|${name.toLowerCase()}`;
    if (this.variableValues.has(key)) return this.variableValues.get(key) as Json;
    const vars = isObj(this.template.variables) ? this.template.variables : {};
    const copies = Array.isArray(vars.copy) ? (vars.copy as Obj[]) : [];
    const copy = copies.find((c) => String(c.name).toLowerCase() === name.toLowerCase());
    const declared = findKey(vars, name);
    if (!copy && (declared === undefined || declared === 'copy')) {
      throw new TemplateFailure(`The template variable '${name}' is not found. Please see https://aka.ms/arm-template/#variables for usage details.`);
    }
    if (this.variablesResolving.has(key)) throw new TemplateFailure(`The template variable '${name}' refers to itself.`);
    this.variablesResolving.add(key);
    const value = copy ? this.copyArray(copy, new Map(), undefined, hideSecure) : this.evaluate(vars[declared as string], new Map(), undefined, hideSecure);
    this.variablesResolving.delete(key);
    this.variableValues.set(key, value);
    return value;
  }

  private checkVariables(): void {
    const vars = isObj(this.template.variables) ? this.template.variables : {};
    const names = [...Object.keys(vars).filter((k) => k !== 'copy'), ...(Array.isArray(vars.copy) ? (vars.copy as Obj[]).map((c) => String(c.name)) : [])];
    for (const name of names) {
      try {
        this.variable(name);
      } catch (e) {
        if (e instanceof TemplateFailure) throw invalidElement('variable', name, this.positions.ofKey('variables', name), e);
        throw e;
      }
    }
  }

  /** A `copy` entry {name, count, input} as an array (property and variable copy). */
  private copyArray(copy: Obj, loops: Map<string, number>, resourceLoop: Instance['loop'], hideSecure?: boolean): Json[] {
    const count = evaluateTree(copy.count, this.scope({ loops, resourceLoop }));
    if (typeof count !== 'number' || count < 0 || count > 800) {
      throw new TemplateFailure(`The copy count '${String(count)}' of '${String(copy.name)}' is not valid: it must be an integer from 0 to 800.`);
    }
    return Array.from({ length: count }, (_, i) => {
      const inner = new Map(loops).set(String(copy.name).toLowerCase(), i);
      return this.evaluate(copy.input, inner, resourceLoop, hideSecure);
    });
  }

  /** Evaluates a value, expanding property copy loops ("copy": [{name, count, input}] inside an object). */
  evaluate(value: unknown, loops: Map<string, number>, resourceLoop: Instance['loop'], hideSecure?: boolean): Json {
    if (typeof value === 'string') return evaluateString(value, this.scope({ loops, resourceLoop, hideSecure }));
    if (Array.isArray(value)) return value.map((v) => this.evaluate(v, loops, resourceLoop, hideSecure));
    if (!isObj(value)) return value as Json;
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'copy' && Array.isArray(v)) {
        for (const c of v as Obj[]) out[String(c.name)] = this.copyArray(c, loops, resourceLoop, hideSecure);
      } else {
        // A property name can be an expression too (userAssignedIdentities keyed by "[resourceId(…)]").
        const key = this.evaluate(k, loops, resourceLoop, hideSecure);
        out[typeof key === 'string' ? key : k] = this.evaluate(v, loops, resourceLoop, hideSecure);
      }
    }
    return out;
  }

  /** The resource as it is sent to its provider: every property but the template-only ones, evaluated. */
  resourceBody(inst: Instance, hideSecure?: boolean): Obj {
    const body: Obj = {};
    for (const [k, v] of Object.entries(inst.element)) {
      // Template-only properties (and where the resource is, which its id already says) are not sent to the provider.
      if (['copy', 'dependson', 'condition', 'resources', 'comments', 'existing', 'scope', 'subscriptionid', 'resourcegroup'].includes(k.toLowerCase())) continue;
      try {
        body[k] = k.toLowerCase() === 'properties' && innerScoped(inst, v) ? this.innerScopedProperties(v as Obj, inst, hideSecure) : this.evaluate(v, new Map(), inst.loop, hideSecure);
      } catch (e) {
        if (e instanceof TemplateFailure) throw invalidElement('resource', inst.writtenName, inst.position, e);
        throw e;
      }
    }
    body.name = inst.name;
    body.type = inst.type;
    return body;
  }

  /**
   * A nested deployment whose expressions are evaluated in its own scope ("expressionEvaluationOptions": {"scope":
   * "inner"}, as Bicep emits modules): its template is passed as written, the rest (its parameters) evaluated here.
   */
  private innerScopedProperties(props: Obj, inst: Instance, hideSecure?: boolean): Obj {
    const out: Obj = {};
    for (const [k, v] of Object.entries(props)) out[k] = k.toLowerCase() === 'template' ? v : this.evaluate(v, new Map(), inst.loop, hideSecure);
    return out;
  }

  /** Outputs as GET deployment shows them: {name: {type, value}} (secure outputs are not returned). */
  outputs(): Obj {
    const outs = isObj(this.template.outputs) ? this.template.outputs : {};
    const result: Obj = {};
    for (const [name, decl] of Object.entries(outs)) {
      if (!isObj(decl)) continue;
      const type = String(decl.type ?? 'string').toLowerCase();
      try {
        if (decl.condition !== undefined && this.evaluate(decl.condition, new Map(), undefined) === false) continue;
        const value = isObj(decl.copy) ? this.copyArray({ ...decl.copy, name: '__output' }, new Map(), undefined) : this.evaluate(decl.value, new Map(), undefined);
        result[name] = type.startsWith('secure') ? { type: displayType(type) } : { type: displayType(type), value };
      } catch (e) {
        if (e instanceof TemplateFailure) throw invalidElement('output', name, this.positions.ofKey('outputs', name), e);
        throw e;
      }
    }
    return result;
  }
}

/** Whether a resource is a nested deployment with inner-scoped expressions. */
export function innerScoped(inst: Pick<Instance, 'type'>, props: unknown): boolean {
  if (inst.type.toLowerCase() !== 'microsoft.resources/deployments' || !isObj(props)) return false;
  const options = Object.entries(props).find(([k]) => k.toLowerCase() === 'expressionevaluationoptions')?.[1];
  return isObj(options) && String(options.scope ?? '').toLowerCase() === 'inner';
}
