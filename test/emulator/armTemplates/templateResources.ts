// The resources a template deploys: copy loops and child resources expanded, conditions applied, in dependsOn order.
// Templates with languageVersion 2.0 (as Bicep emits them) give `resources` as an object keyed by symbolic name;
// `existing: true` resources are only referred to (reference(), listKeys(), dependsOn) and never deployed, and
// dependsOn may name a symbolic name (ARM docs: syntax, "Resources" with languageVersion 2.0; resource-dependency).
import { evaluateString, evaluateTree, type Scope } from './evaluate';
import type { Obj } from './functions';
import { resourceIdOf } from './functionsResource';
import { InvalidTemplate, Position, TemplateFailure, invalidElement } from './templateErrors';
import type { TemplatePositions } from './templatePositions';

export interface Instance {
  element: Obj;
  /** Path of the element in the template, for positions. */
  path: (string | number)[];
  /** The symbolic name (languageVersion 2.0 templates). */
  symbolicName?: string;
  /** The resource copy loop and index this instance is. */
  loop?: { name: string; index: number };
  id: string;
  type: string;
  name: string;
  /** The name as written (ARM names a resource so in its errors). */
  writtenName: string;
  position?: Position;
  dependsOn: string[];
}

export interface Expansion {
  /** What the deployment creates, in dependency order. */
  instances: Instance[];
  /** Every symbolic name: resources deployed and `existing` ones, lower-cased, to the resource id. */
  symbols: Map<string, string>;
  /** Symbolic names of copy loops (resource collections), lower-cased, to the ids of their instances. */
  collections: Map<string, string[]>;
}

interface ExpandContext {
  template: Obj;
  positions: TemplatePositions;
  target: { subscriptionId: string; resourceGroup: string };
  scope(over?: { resourceLoop?: { name: string; index: number } }): Scope;
}

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The resources section as a list: an array as written, or the object of a languageVersion 2.0 template. */
export function resourceElements(template: Obj): { el: unknown; key: string | number; symbolicName?: string }[] {
  const r = template.resources;
  if (Array.isArray(r)) return r.map((el, i) => ({ el, key: i }));
  if (isObj(r) && String(template.languageVersion ?? '').startsWith('2.')) return Object.entries(r).map(([k, el]) => ({ el, key: k, symbolicName: k }));
  throw new InvalidTemplate("Required property 'resources' not found in JSON. Path 'properties.template'.");
}

export function expandResources(ctx: ExpandContext): Expansion {
  const { target } = ctx;
  const found: Instance[] = [];
  const symbols = new Map<string, string>();
  const collections = new Map<string, string[]>();
  /** Names of resources whose condition is false, and existing resources: depending on one means nothing. */
  const skipped: string[] = [];
  const visit = (elements: { el: unknown; key: string | number; symbolicName?: string }[], basePath: (string | number)[], parent?: { type: string; name: string }): void => {
    for (const { el, key, symbolicName } of elements) {
      if (!isObj(el)) continue;
      const path = [...basePath, key];
      const position = ctx.positions.of(path);
      const writtenName = String(el.name ?? '');
      const wrap = <T>(f: () => T): T => {
        try {
          return f();
        } catch (e) {
          if (e instanceof TemplateFailure) throw invalidElement('resource', writtenName, position, e);
          throw e;
        }
      };
      const copy = isObj(el.copy) ? el.copy : undefined;
      const count = copy ? wrap(() => evaluateTree(copy.count, ctx.scope())) : 1;
      if (typeof count !== 'number' || count < 0) throw invalidElement('resource', writtenName, position, new TemplateFailure(`The copy count '${String(count)}' is not valid.`));
      for (let index = 0; index < count; index++) {
        const loop = copy ? { name: String(copy.name), index } : undefined;
        const sc = ctx.scope({ resourceLoop: loop });
        if ('condition' in el && wrap(() => evaluateTree(el.condition, sc)) === false) {
          skipped.push(String(symbolicName ?? wrap(() => evaluateString(writtenName, sc))).toLowerCase());
          continue;
        }
        let type = String(el.type ?? '');
        let name = String(wrap(() => evaluateString(writtenName, sc)));
        if (parent && !type.includes('/')) type = `${parent.type}/${type}`;
        if (parent && name.split('/').length < type.split('/').length - 1) name = `${parent.name}/${name}`;
        const id = wrap(() => idOf(el, type, name, sc, target));
        if (symbolicName && !copy) symbols.set(symbolicName.toLowerCase(), id);
        if (symbolicName && copy) collections.set(symbolicName.toLowerCase(), [...(collections.get(symbolicName.toLowerCase()) ?? []), id]);
        if (el.existing === true) {
          if (symbolicName) skipped.push(symbolicName.toLowerCase());
          continue;
        }
        const dependsOn = Array.isArray(el.dependsOn) ? el.dependsOn.map((d) => String(wrap(() => evaluateTree(d, sc)))) : [];
        if (parent) dependsOn.push(resourceIdOf([parent.type, parent.name], target.subscriptionId, target.resourceGroup));
        found.push({ element: el, path, symbolicName, loop, id, type, name, writtenName, position, dependsOn });
        if (Array.isArray(el.resources)) visit(el.resources.map((c, i) => ({ el: c, key: i })), [...path, 'resources'], { type, name });
      }
    }
  };
  visit(resourceElements(ctx.template), ['resources']);
  return { instances: orderByDependencies(found, skipped), symbols, collections };
}

/**
 * The resource id: in the deployment's resource group, or where the element's subscriptionId/resourceGroup say (an
 * `existing` resource elsewhere), or under the resource its `scope` names (an extension resource such as a lock).
 */
function idOf(el: Obj, type: string, name: string, sc: Scope, target: ExpandContext['target']): string {
  if (typeof el.scope === 'string') {
    const scopeId = String(evaluateString(el.scope, sc)).replace(/\/+$/, '');
    const segments = type.split('/');
    const names = name.split('/');
    let tail = `${segments[0]}/${segments[1]}/${names[0]}`;
    for (let i = 2; i < segments.length; i++) tail += `/${segments[i]}/${names[i - 1]}`;
    return `${scopeId}/providers/${tail}`;
  }
  const sub = typeof el.subscriptionId === 'string' ? String(evaluateString(el.subscriptionId, sc)) : target.subscriptionId;
  const rg = typeof el.resourceGroup === 'string' ? String(evaluateString(el.resourceGroup, sc)) : target.resourceGroup;
  return resourceIdOf([type, name], sub, rg);
}

/** Stable topological order: a resource after everything it dependsOn (by id, name, symbolic name or copy loop name). */
function orderByDependencies(list: Instance[], skipped: string[]): Instance[] {
  const resolve = (dep: string): Instance[] => {
    const d = dep.toLowerCase();
    return list.filter(
      (i) =>
        i.id.toLowerCase() === d ||
        i.name.toLowerCase() === d ||
        i.symbolicName?.toLowerCase() === d ||
        `${i.type}/${i.name}`.toLowerCase() === d ||
        i.loop?.name.toLowerCase() === d ||
        d.endsWith(`/${i.type}/${i.name}`.toLowerCase()),
    );
  };
  const out: Instance[] = [];
  const state = new Map<Instance, 'visiting' | 'done'>();
  const visit = (i: Instance): void => {
    if (state.get(i) === 'done') return;
    if (state.get(i) === 'visiting') {
      // ARM's words for a dependency cycle.
      throw new InvalidTemplate(`Circular dependency detected on resource: '${i.id}'. Please see https://aka.ms/arm-syntax-resources for usage details.`);
    }
    state.set(i, 'visiting');
    for (const dep of i.dependsOn) {
      const targets = resolve(dep);
      if (targets.length === 0 && !skipped.some((n) => dep.toLowerCase() === n || dep.toLowerCase().endsWith(`/${n}`))) {
        // ARM's words for a dependency on a resource the template does not have, the resource named type/name and no
        // place given (the Azure Functions docs' example: "The resource 'Microsoft.Web/sites/func-xyz' is not defined in
        // the template. Please see https://aka.ms/arm-template for usage details." with lineNumber 0, path "").
        const m = /\/providers\/([^/]+\/[^/]+)\/([^/]+)(?:\/([^/]+)\/([^/]+))?$/i.exec(dep);
        const named = m ? (m[3] ? `${m[1]}/${m[3]}/${m[2]}/${m[4]}` : `${m[1]}/${m[2]}`) : dep;
        throw new InvalidTemplate(`The resource '${named}' is not defined in the template. Please see https://aka.ms/arm-template for usage details.`, { line: 0, column: 0, path: '' });
      }
      for (const target of targets) if (target !== i) visit(target);
    }
    state.set(i, 'done');
    out.push(i);
  };
  list.forEach(visit);
  return out;
}
