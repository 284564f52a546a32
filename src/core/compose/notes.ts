/** Collects the conversion's findings, each placed where the merged model's path was written. */
import { nodeAtPath } from '../definition/nodeQuery';
import type { PathSegment } from '../definition/types';
import type { ComposeProject } from './loadProject';
import type { ComposeRuleId } from './rules';
import type { ComposeFinding, NoteKind } from './types';

export class Notes {
  readonly list: ComposeFinding[] = [];
  constructor(private readonly project: ComposeProject) {}

  add(kind: NoteKind, rule: ComposeRuleId, path: PathSegment[], message: string, service?: string, preferKey = false): void {
    this.list.push({ rule, kind, message, ...this.project.locate(path, preferKey), service });
  }

  /** The path of one variable of a service's `environment` as written (a list item or a mapping key). */
  envPath(service: string, name: string): PathSegment[] {
    const base: PathSegment[] = ['services', service, 'environment'];
    for (const file of [...this.project.files].reverse()) {
      const node = nodeAtPath(file.root, base);
      if (node?.kind === 'array') {
        const i = node.children.findIndex((c) => c.kind === 'string' && (c.value === name || String(c.value).startsWith(`${name}=`)));
        if (i >= 0) return [...base, i];
      } else if (node?.kind === 'object' && node.properties.some((p) => p.key === name)) {
        return [...base, name];
      }
    }
    return base;
  }

  get blocked(): boolean {
    return this.list.some((n) => n.kind === 'blocked');
  }
}
