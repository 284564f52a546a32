// Where an element of the template sits in the request body, as ARM reports it: 1-based line, and the 1-based column
// of the element's first character (vscode-azurearmtools#531: parameter 'p1' "at line '5' and column '15'" is the
// column of the "{" that opens its value; a resource's is the "{" that opens it).
import { Node, findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { Position } from './template-errors';

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
    let line = 0;
    while (line + 1 < this.lineStarts.length && this.lineStarts[line + 1] <= node.offset) line++;
    return { line: line + 1, column: node.offset - this.lineStarts[line] + 1, path: jsonPath(path) };
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
