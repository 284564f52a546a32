/** What a container node hands to the commands that act on one container (Show Logs). */
import { ContainerGroupTarget } from '../core/settings/model';

export interface ContainerRef {
  target: ContainerGroupTarget;
  containerName: string;
  /** An init container: its logs are read the same way, it never restarts with the group. */
  init: boolean;
}

/** Container nodes carry `containerRef`; anything else (a palette call, a stale node) yields undefined. */
export function containerRefOf(arg: unknown): ContainerRef | undefined {
  const ref = (arg as { containerRef?: unknown } | undefined)?.containerRef as Partial<ContainerRef> | undefined;
  if (!ref || typeof ref.containerName !== 'string' || typeof ref.target !== 'object' || ref.target === null) return undefined;
  return { target: ref.target, containerName: ref.containerName, init: ref.init === true };
}
