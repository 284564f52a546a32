/**
 * Services reach each other by service name on a Compose network (06-networks.md); the containers of one group
 * share a network namespace and reach each other at `localhost` (ACI, container-instances-container-groups.md).
 * Environment values naming another service as a host (`db`, `db:5432`, `postgres://u@db/x`) are rewritten to
 * localhost with the user's consent, otherwise flagged.
 */
import type { ServiceResult } from './convertService';
import type { ComposeProject } from './loadProject';
import type { Notes } from './notes';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The pattern of `host` as a host name inside a value: before a port (`db:5432`), after `//` or `@` (a URL), or
 * the whole value of a variable named for a host (`DB_HOST=db`; `MYSQL_DATABASE=wordpress` is a name, not a host).
 */
function hostPattern(host: string, hostVariable: boolean): RegExp {
  const h = escape(host);
  return new RegExp(`(//|@)${h}(?=$|[:/,?])|(^|,)${h}(?=:\\d)${hostVariable ? `|(^)${h}$` : ''}`, 'g');
}

const HOST_VARIABLE = /(HOST|ADDR|ADDRESS|SERVER|ENDPOINT)S?($|_)/i;

/** Other services' names found as hosts in each container's environment; rewritten when `rewrite`. Returns the names found. */
export function rewriteHostnames(project: ComposeProject, results: Map<string, ServiceResult>, notes: Notes, rewrite: boolean): string[] {
  const hosts = new Map<string, string>();
  for (const [name, s] of Object.entries(project.services)) {
    hosts.set(name, name);
    if (typeof s.container_name === 'string') hosts.set(s.container_name, name);
  }
  const found = new Set<string>();
  for (const [service, result] of results) {
    const fix = (text: string, hostVariable: boolean): { text: string; named: string[] } => {
      let out = text;
      const named: string[] = [];
      for (const [host, owner] of hosts) {
        if (owner === service) continue;
        const pattern = hostPattern(host, hostVariable);
        if (!pattern.test(out)) continue;
        named.push(host);
        if (rewrite) out = out.replace(hostPattern(host, hostVariable), (_m, a?: string, b?: string, c?: string) => `${a ?? b ?? c ?? ''}localhost`);
      }
      return { text: out, named };
    };
    const vars = (result.properties.environmentVariables as { name: string; value?: string; secureValue?: string }[] | undefined) ?? [];
    for (const v of vars) {
      const offer = v.secureValue ? result.secrets.find((o) => `{{secret:${o.name}}}` === v.secureValue) : undefined;
      const text = v.value ?? offer?.value;
      if (text === undefined) continue;
      const { text: fixed, named } = fix(text, HOST_VARIABLE.test(v.name));
      if (!named.length) continue;
      named.forEach((n) => found.add(n));
      const path = notes.envPath(service, v.name);
      if (rewrite) {
        if (v.value !== undefined) v.value = fixed;
        else if (offer) offer.value = fixed;
        notes.add('changed', 'hostnames', path, `${v.name} named ${named.join(', ')}: rewritten to localhost, where the containers of a group reach each other.`, service, true);
      } else {
        notes.add('leftOut', 'hostnames', path, `${v.name} names ${named.join(', ')}, which does not resolve inside a container group: the containers reach each other at localhost. Convert again and allow the rewrite, or change the value.`, service, true);
      }
    }
  }
  return [...found];
}
