/**
 * Where a template deployment's errors belong. Azure names the place of an `InvalidTemplate` /
 * `InvalidTemplateDeployment` problem by line and column of the request it received (a `TemplateViolation`
 * additionalInfo with lineNumber, linePosition and path, or "at line 'N' and column 'M'" in the message), by a
 * parameter ("parameter 'x'") or by a resource ("resource 'Microsoft.X/y/name'"); a failed operation names its
 * target resource. Lines and columns are read in the body as it was sent (one JSON line) and mapped back to the
 * template or the parameter file; the rest is found by name. Unplaceable problems land on the top of the template.
 */
import { parseJson } from '../definition/jsonParser';
import { chainAt, findNodeAtOffset, findProperty, nodeAtPath, toPlainValue } from '../definition/nodeQuery';
import { LineIndex } from '../definition/lineCol';
import { prop } from '../definition/plainValues';
import { parameterReference } from '../definition/armTemplate';
import type { DefinitionNode, PathSegment, Range } from '../definition/types';
import type { ErrorAdditionalInfo } from '../arm/errors';
import { locateErrorTargets, parseTargetPath, rangeForBodyPath, type ErrorLocation, type LocatableError } from '../deploy/errorTargets';
import type { FailedOperation } from './operations';

export interface TemplateErrorSources {
  templateText: string;
  templateFileName: string;
  parametersText?: string;
  /** The request body exactly as sent (JSON.stringify of it): Azure's line and column are in this text. */
  sentBody: string;
  /** The parameter values sent, to tell which resource a `[parameters('name')]` name is. */
  parameterValues?: Record<string, unknown>;
}

export interface PlacedError extends ErrorLocation {
  file: 'template' | 'parameters';
}

interface Problem {
  code?: string;
  message: string;
  additionalInfo?: ErrorAdditionalInfo[];
}

/**
 * At most this many problems are placed in the files: a deployment error can carry thousands of details, and
 * each is a search in the template. The rest are counted in one line on the top of the template.
 */
export const MAX_PLACED = 200;

/** Failed operations whose error is searched for the property it names (each search reads the template again). */
const MAX_PROPERTY_SEARCHES = 20;

/** The line that says how many problems were not placed. */
export function notPlacedMessage(count: number): string {
  return `${count} more problem${count === 1 ? '' : 's'} of this deployment not shown here (at most ${MAX_PLACED} are placed).`;
}

const LINE_COLUMN = /at line '(\d+)' and column '(\d+)'/i;
const PARAMETER_NAME = /\bparameters? '([^']+)'/i;
const RESOURCE_NAME = /\bresource '([^']+)'/i;
/** "The template function 'x' is not valid", "Unable to evaluate template language function 'x'". */
const FUNCTION_NAME = /\b(?:template|language) function '([^']+)'/i;

/** The first string under `node` that calls `fn(`, depth-first. */
function findCall(node: DefinitionNode, fn: RegExp): DefinitionNode | undefined {
  if (node.kind === 'string') return fn.test(String(node.value)) ? node : undefined;
  const children = node.kind === 'object' ? node.properties : node.kind === 'array' ? node.children : [];
  for (const c of children) {
    const found = findCall(c, fn);
    if (found) return found;
  }
  return undefined;
}

function headOf(node: DefinitionNode): Range {
  return node.keyRange ?? { start: node.range.start, end: Math.min(node.range.end, node.range.start + 1) };
}

function rangeOf(node: DefinitionNode): Range {
  return node.kind === 'object' || node.kind === 'array' ? headOf(node) : node.range;
}

type Placed = { file: PlacedError['file']; range: Range; exact: boolean; placedBy: ErrorLocation['placedBy']; target: string };

class Locator {
  private readonly template: DefinitionNode | undefined;
  private readonly parameters: DefinitionNode | undefined;
  private body?: { root: DefinitionNode | undefined; lines: LineIndex };
  /** The template's resources with their types and names, read once (a template may hold thousands). */
  private resources?: { node: DefinitionNode; at: PathSegment; type: string; name: string | undefined }[];

  constructor(private readonly sources: TemplateErrorSources) {
    this.template = parseJson(sources.templateText).root;
    this.parameters = sources.parametersText !== undefined ? parseJson(sources.parametersText).root : undefined;
  }

  private sent(): { root: DefinitionNode | undefined; lines: LineIndex } {
    this.body ??= { root: parseJson(this.sources.sentBody).root, lines: new LineIndex(this.sources.sentBody) };
    return this.body;
  }

  /** A path of the request body (`properties.template.resources[0]`) in the files it came from. */
  atBodyPath(path: PathSegment[]): { file: PlacedError['file']; range: Range; exact: boolean } | undefined {
    const [p0, p1, p2, ...rest] = path;
    if (p0 !== 'properties') return undefined;
    if (p1 === 'template') {
      const located = rangeForBodyPath(this.template, p2 === undefined ? [] : [p2, ...rest]);
      return located && { file: 'template', range: located.range, exact: located.exact };
    }
    if (p1 === 'parameters' && typeof p2 === 'string') return this.atParameter(p2);
    return undefined;
  }

  /** Line and column (1-based) of the sent body; a line past the body's only line is taken as the template's own. */
  atLineColumn(line: number, column: number): { file: PlacedError['file']; range: Range; exact: boolean } | undefined {
    const { root, lines } = this.sent();
    if (line > 1 && !this.sources.sentBody.includes('\n')) {
      const own = new LineIndex(this.sources.templateText).toOffset(line - 1, Math.max(0, column - 1));
      const found = findNodeAtOffset(this.template, own);
      return found && { file: 'template', range: rangeOf(found.node), exact: true };
    }
    // Azure's column is that of the element's first character (the "{" that opens a resource or a value).
    const offset = lines.toOffset(line - 1, Math.max(0, column - 1));
    const found = findNodeAtOffset(root, offset);
    return found ? this.atBodyPath(found.path) : undefined;
  }

  /** A parameter's value in the parameter file, else its declaration in the template. */
  atParameter(name: string): { file: PlacedError['file']; range: Range; exact: boolean } | undefined {
    const inFile = findProperty(findProperty(this.parameters, 'parameters'), name);
    if (inFile) return { file: 'parameters', range: headOf(inFile), exact: true };
    const declared = findProperty(findProperty(this.template, 'parameters'), name);
    return declared ? { file: 'template', range: headOf(declared), exact: true } : undefined;
  }

  private resourceList(): NonNullable<Locator['resources']> {
    if (this.resources) return this.resources;
    const resources = findProperty(this.template, 'resources');
    const entries: [DefinitionNode, PathSegment][] =
      resources?.kind === 'array' ? resources.children.map((c, i) => [c, i]) : resources?.kind === 'object' ? resources.properties.map((p) => [p, p.key ?? '']) : [];
    const declared = findProperty(this.template, 'parameters');
    const nameOf = (node: DefinitionNode): string | undefined => {
      const raw = toPlainValue(findProperty(node, 'name'));
      const param = parameterReference(raw);
      if (param === undefined) return typeof raw === 'string' ? raw : undefined;
      const value = prop(this.sources.parameterValues ?? {}, param) ?? toPlainValue(findProperty(findProperty(declared, param), 'defaultValue'));
      return typeof value === 'string' ? value : undefined;
    };
    this.resources = entries.map(([node, at]) => ({ node, at, type: String(toPlainValue(findProperty(node, 'type')) ?? '').toLowerCase(), name: nameOf(node)?.toLowerCase() }));
    return this.resources;
  }

  /** The template resource named `name` (`type/name` or just the name), through `[parameters('x')]` too. */
  resourcePath(typeAndName: string, type?: string): PathSegment[] | undefined {
    const wantedName = typeAndName.split('/').pop()!.toLowerCase();
    const wantedType = (type ?? (typeAndName.includes('/') ? typeAndName.split('/').slice(0, -1).join('/') : '')).toLowerCase();
    const ofType = this.resourceList().filter((r) => !wantedType || r.type === wantedType);
    const named = ofType.filter((r) => r.name === wantedName);
    if (named.length === 1) return ['resources', named[0].at];
    return wantedType && ofType.length === 1 ? ['resources', ofType[0].at] : undefined;
  }

  /** The parsed template's node at `path`. */
  templateAt(path: PathSegment[]): DefinitionNode | undefined {
    return nodeAtPath(this.template, path);
  }

  /**
   * Azure places an expression's failure on the element holding it (a resource, a variable): when it names the
   * function, the string inside that element that calls it is the place.
   */
  private narrowed(at: Placed | undefined, message: string): Placed | undefined {
    const fn = FUNCTION_NAME.exec(message)?.[1];
    if (!at || !fn || at.file !== 'template') return at;
    const call = new RegExp(`(^|[^\\w.])${fn.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\(`, 'i');
    const links = chainAt(this.template, at.range.start).links;
    for (let i = links.length - 1; i >= 0 && links[i].path.length >= 2; i--) {
      const found = findCall(links[i].node, call);
      if (found) return { ...at, range: found.range, exact: true };
    }
    return at;
  }

  place(problem: Problem): Placed | undefined {
    return this.narrowed(this.placeAnywhere(problem), problem.message);
  }

  private placeAnywhere(problem: Problem): Placed | undefined {
    for (const entry of problem.additionalInfo ?? []) {
      const info = entry.info as { lineNumber?: unknown; linePosition?: unknown; path?: unknown } | undefined;
      if (typeof info?.path === 'string' && info.path) {
        const path = parseTargetPath(info.path);
        // A parameter's value the message is about is in the parameter file when it gives one.
        // Azure gives the path in the request body (properties.template.parameters.x) or in the template (parameters.x).
        const inTemplate = path?.[0] === 'properties' && path[1] === 'template' ? path.slice(2) : path;
        const named = inTemplate?.[0] === 'parameters' && typeof inTemplate[1] === 'string' ? inTemplate[1] : undefined;
        const param = named !== undefined && PARAMETER_NAME.exec(problem.message)?.[1]?.toLowerCase() === named.toLowerCase() ? this.atParameter(named) : undefined;
        const at = param ?? (path && (this.atBodyPath(path) ?? this.atBodyPath(['properties', 'template', ...path])));
        if (at) return { ...at, placedBy: 'additionalInfo', target: info.path };
      }
      if (typeof info?.lineNumber === 'number' && typeof info.linePosition === 'number' && info.lineNumber > 0) {
        const at = this.atLineColumn(info.lineNumber, info.linePosition);
        if (at) return { ...at, placedBy: 'additionalInfo', target: `line ${info.lineNumber}, column ${info.linePosition}` };
      }
    }
    const lc = LINE_COLUMN.exec(problem.message);
    const atLine = lc && this.atLineColumn(Number(lc[1]), Number(lc[2]));
    if (atLine) return { ...atLine, placedBy: 'message', target: `line ${lc[1]}, column ${lc[2]}` };
    const param = PARAMETER_NAME.exec(problem.message);
    const atParam = param && this.atParameter(param[1]);
    if (atParam) return { ...atParam, placedBy: 'name', target: `parameters.${param[1]}` };
    const resource = RESOURCE_NAME.exec(problem.message);
    const path = resource ? this.resourcePath(resource[1]) : undefined;
    const node = path && this.templateAt(path);
    if (node) return { file: 'template', range: headOf(node), exact: true, placedBy: 'name', target: resource![1] };
    return undefined;
  }

  top(): Range | undefined {
    return this.template ? headOf(this.template.kind === 'object' ? (this.template.properties[0] ?? this.template) : this.template) : undefined;
  }
}

/** Every problem of a deployment error, placed in the template or the parameter file. */
export function locateTemplateErrors(sources: TemplateErrorSources, error: LocatableError): PlacedError[] {
  const locator = new Locator(sources);
  const problems: Problem[] = [];
  const walk = (details: LocatableError['details']): void => {
    for (const d of details ?? []) {
      if (d.message) problems.push({ code: d.code, message: d.message, additionalInfo: d.additionalInfo });
      walk(d.details);
    }
  };
  walk(error.details);
  if (!problems.length) problems.push({ code: error.code, message: error.serviceMessage ?? error.message, additionalInfo: error.additionalInfo });
  const out: PlacedError[] = [];
  const seen = new Set<string>();
  for (const p of problems.slice(0, MAX_PLACED)) {
    const placed = locator.place(p);
    const top = locator.top();
    const where = placed ?? (top && { file: 'template' as const, range: top, exact: false, placedBy: 'document' as const, target: '' });
    if (!where) continue;
    const key = `${where.file}:${where.range.start}:${p.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...where, code: p.code, message: p.message });
  }
  return withNotPlaced(out, locator, problems.length - MAX_PLACED);
}

/** Adds the line counting the problems not placed, on the top of the template. */
function withNotPlaced(out: PlacedError[], locator: Locator, left: number): PlacedError[] {
  const top = locator.top();
  if (left > 0 && top) out.push({ file: 'template', range: top, exact: false, placedBy: 'document', target: '', message: notPlacedMessage(left) });
  return out;
}

/** A failed operation's error on the resource it concerns, on the property its error names when it names one. */
export function locateFailedOperations(sources: TemplateErrorSources, failed: FailedOperation[]): PlacedError[] {
  const locator = new Locator(sources);
  const out: PlacedError[] = [];
  let searches = 0;
  for (const op of failed.slice(0, MAX_PLACED)) {
    const path = locator.resourcePath(op.resourceName, op.resourceType);
    const resource = path && locator.templateAt(path);
    const label = `${op.resourceType.split('/').pop()}/${op.resourceName}`;
    if (!resource || !path) {
      const top = locator.top();
      if (top) out.push({ file: 'template', range: top, exact: false, placedBy: 'document', target: '', code: op.code, message: `${label}: ${op.message}` });
      continue;
    }
    const inner =
      searches++ < MAX_PROPERTY_SEARCHES
        ? locateErrorTargets(sources.templateText, sources.templateFileName, { kind: 'lro', code: op.code, message: op.message, details: op.details }, path)
        : [];
    const placed = inner.filter((l) => l.placedBy !== 'document');
    if (placed.length) out.push(...placed.map((l) => ({ ...l, file: 'template' as const, message: `${label}: ${l.message}` })));
    else out.push({ file: 'template', range: headOf(resource), exact: true, placedBy: 'name', target: label, code: op.code, message: `${label}: ${op.message}` });
  }
  return withNotPlaced(out, locator, failed.length - MAX_PLACED);
}
