// Where an element of the template sits in the request body, as ARM reports it (JSON.NET's line info of the element's
// token): the 1-based line, and the 1-based column where the token ends: the "{" or "[" that opens an object or array
// (vscode-azurearmtools#531: parameter 'p1' "at line '5' and column '15'", the "{" of its value; resources in column 9),
// the last character of a string or number (Azure/prometheus-collector#951: variable 'dceName' at line 55, position
// 132, the end of its long string). The path is the element's path in the request body
// ("properties.template.variables.dceName" in that report).
import { Node, findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { Position } from './templateErrors';

export class TemplatePositions {
  private readonly root: Node | undefined;
  private readonly lineStarts: number[] = [0];

  constructor(private readonly requestText: string) {
    this.root = parseTree(requestText);
    for (let i = 0; i < requestText.length; i++) if (requestText[i] === '\n') this.lineStarts.push(i + 1);
  }

  /** The position of template[...path] (path inside properties.template), e.g. ['resources', 0]. */
  of(path: (string | number)[]): Position | undefined {
    if (!this.root) return undefined;
    const node = findNodeAtLocation(this.root, ['properties', 'template', ...path]);
    if (!node) return undefined;
    const at = node.type === 'object' || node.type === 'array' ? node.offset : node.offset + Math.max(1, node.length) - 1;
    let line = 0;
    while (line + 1 < this.lineStarts.length && this.lineStarts[line + 1] <= at) line++;
    return { line: line + 1, column: at - this.lineStarts[line] + 1, path: jsonPath(['properties', 'template', ...path]) };
  }

  /** Like `of`, for a property found case-insensitively (ARM's template sections are case-insensitive). */
  ofKey(section: string, key: string): Position | undefined {
    if (!this.root) return undefined;
    const sectionNode = findNodeAtLocation(this.root, ['properties', 'template', section]);
    const prop = sectionNode?.children?.find((p) => String(p.children?.[0]?.value).toLowerCase() === key.toLowerCase());
    const name = prop?.children?.[0]?.value;
    return typeof name === 'string' ? this.of([section, name]) : undefined;
  }
}

function jsonPath(path: (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}
