// A container that keeps exiting: the live state a GET shows for it, as the real service reports one.
//
// Sources: "Troubleshoot common issues in Azure Container Instances" (MicrosoftDocs/azure-docs
// articles/container-instances/container-instances-troubleshooting.md, "Container continually exits and
// restarts"): a container whose command ends (a shell on its own, a script that exits) is started again under
// the default restart policy Always, and OnFailure restarts it only after a non-zero exit; `restartCount` counts
// the restarts. "Azure Container Instances states" (articles/container-instances/container-state.md): a
// container's previousState is the state it left, `Terminated` with the exit code of the run that ended. The
// instance view's shape is the 2023-05-01 swagger's (ContainerProperties.instanceView: restartCount,
// currentState, previousState, events; example ContainerGroupsGet_Failed.json). ACI's container events are the
// kubelet's (the troubleshooting page shows Pulling, Pulled, Failed and "BackOff: Back-off pulling image");
// a container that exits again is reported as kubelet reports it (kubernetes/kubernetes issue #93826: State
// Running, Last State Terminated with its exit code, Restart Count, event "Back-off restarting failed container").
//
// In the emulator a container "keeps exiting" when its command ends with `exit N` (N ≠ 0, e.g.
// `["/bin/sh", "-c", "sleep 5; exit 3"]`); each GET of the group after it is provisioned counts one more
// restart, so a refresh shows the count growing.

type Obj = Record<string, unknown>;

/** The exit code of a command that ends with `exit N`, N ≠ 0; undefined for any other command. */
export function failingExitCode(container: Obj): number | undefined {
  const command = (container.properties as Obj | undefined)?.command;
  if (!Array.isArray(command) || command.length === 0) return undefined;
  const m = /(?:^|[;&|\s])exit\s+(\d{1,3})\s*;?\s*$/.exec(String(command[command.length - 1]));
  const code = m ? Number(m[1]) : 0;
  return code > 0 && code < 256 ? code : undefined;
}

function at(start: string, seconds: number): string {
  return new Date(Date.parse(start) + seconds * 1000).toISOString();
}

function event(name: string, message: string, first: string, last: string, count = 1, type = 'Normal'): Obj {
  return { count, firstTimestamp: first, lastTimestamp: last, name, message, type };
}

/**
 * The instance view of a container whose command exits non-zero, `reads` GETs after the group was provisioned
 * at `provisioned`; undefined when the container does not keep exiting (the caller's usual view applies).
 */
export function exitingContainerView(container: Obj, restartPolicy: unknown, provisioned: string, reads: number): Obj | undefined {
  const code = failingExitCode(container);
  if (code === undefined) return undefined;
  const image = String((container.properties as Obj | undefined)?.image ?? '');
  const pulled = [event('Pulling', `pulling image "${image}"`, provisioned, provisioned), event('Pulled', `Successfully pulled image "${image}"`, provisioned, provisioned)];
  const runSeconds = 10;
  if (String(restartPolicy ?? 'Always').toLowerCase() === 'never') {
    return {
      restartCount: 0,
      currentState: { state: 'Terminated', startTime: provisioned, exitCode: code, finishTime: at(provisioned, runSeconds), detailStatus: 'Error' },
      events: [...pulled, event('Started', 'Started container', provisioned, provisioned)],
    };
  }
  const restarts = Math.max(1, reads);
  const lastStart = at(provisioned, restarts * runSeconds);
  return {
    restartCount: restarts,
    currentState: { state: 'Running', startTime: lastStart, detailStatus: '' },
    previousState: { state: 'Terminated', startTime: at(provisioned, (restarts - 1) * runSeconds), exitCode: code, finishTime: at(lastStart, -1), detailStatus: 'Error' },
    events: [
      ...pulled,
      event('Started', 'Started container', provisioned, lastStart, restarts + 1),
      event('BackOff', 'Back-off restarting failed container', at(provisioned, runSeconds - 1), at(lastStart, -1), restarts, 'Warning'),
    ],
  };
}

/** The group's state once provisioned: with restart policy Never it ends with its containers (container-state.md). */
export function settledGroupState(containers: Obj[], restartPolicy: unknown): string {
  if (String(restartPolicy ?? 'Always').toLowerCase() !== 'never') return 'Running';
  return containers.some((c) => failingExitCode(c) !== undefined) ? 'Failed' : 'Running';
}
