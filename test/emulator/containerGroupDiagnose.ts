// Scripted failures for Diagnose: a group whose name contains `diag-<scenario>` shows, once provisioned, the live
// state Azure reports for that failure (states, exit codes, restart counts and events in Azure's words).
//
// Sources of the words:
// - image-not-found, unauthorized: "Troubleshoot common issues in Azure Container Instances", "Unable to pull image"
//   (learn.microsoft.com/azure/container-instances/container-instances-troubleshooting): events Pulling, Failed
//   "Failed to pull image …: rpc error: code 2 desc = Error: image … not found", BackOff "Back-off pulling image …",
//   the container Waiting; the registry's refusal in Docker's words "unauthorized: authentication required"
//   (MicrosoftDocs/azure-docs issue threads on ACR pulls from ACI).
// - oom: exit code 137 after the memory limit (learn.microsoft.com/troubleshoot/azure/azure-container-instances/
//   configuration-setup/container-group-memory-limit); the previous state Terminated with exit code 137.
// - restart-loop: "Container continually exits and restarts" (the troubleshooting page) and the kubelet's
//   "Back-off restarting failed container" (kubernetes/kubernetes#93826), as containerGroupLive.ts.
// - probe: "Configure liveness probes" (learn.microsoft.com/azure/container-instances/container-instances-liveness-probe):
//   events Unhealthy "Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory" and Killing.
// - capacity: the troubleshooting page's "Resource not available in location": ServiceUnavailable "The requested
//   resource with 'x' CPU and 'y.z' GB memory is not available in the location 'example region' at this moment.
//   Please retry with a different resource request or in another location.", listed as the group's event.

type Obj = Record<string, unknown>;

export const DIAGNOSE_SCENARIOS = ['image-not-found', 'unauthorized', 'oom', 'restart-loop', 'probe', 'capacity'] as const;
export type DiagnoseScenario = (typeof DIAGNOSE_SCENARIOS)[number];

export function diagnoseScenario(groupName: string): DiagnoseScenario | undefined {
  const lower = groupName.toLowerCase();
  return DIAGNOSE_SCENARIOS.find((s) => lower.includes(`diag-${s}`));
}

const at = (start: string, seconds: number) => new Date(Date.parse(start) + seconds * 1000).toISOString();
const ev = (name: string, message: string, first: string, last: string, count = 1, type = 'Warning'): Obj => ({ count, firstTimestamp: first, lastTimestamp: last, name, message, type });

/** A container's instance view under the scenario. */
export function scenarioContainerView(scenario: DiagnoseScenario, image: string, start: string): Obj | undefined {
  const pulled = [ev('Pulling', `pulling image "${image}"`, start, start, 1, 'Normal'), ev('Pulled', `Successfully pulled image "${image}"`, at(start, 2), at(start, 2), 1, 'Normal')];
  switch (scenario) {
    case 'image-not-found':
      return {
        restartCount: 0,
        currentState: { state: 'Waiting', detailStatus: '' },
        events: [
          ev('Pulling', `pulling image "${image}"`, start, at(start, 60), 3, 'Normal'),
          ev('Failed', `Failed to pull image "${image}": rpc error: code 2 desc = Error: image ${image.replace(/^[^/]+\//, '')} not found`, start, at(start, 60), 3),
          ev('BackOff', `Back-off pulling image "${image}"`, at(start, 5), at(start, 90), 6, 'Normal'),
        ],
      };
    case 'unauthorized':
      return {
        restartCount: 0,
        currentState: { state: 'Waiting', detailStatus: '' },
        events: [
          ev('Pulling', `pulling image "${image}"`, start, at(start, 60), 3, 'Normal'),
          ev('Failed', `Failed to pull image "${image}": rpc error: code = Unknown desc = Error response from daemon: Get https://${image.split('/')[0]}/v2/: unauthorized: authentication required`, start, at(start, 60), 3),
        ],
      };
    case 'oom':
      return {
        restartCount: 2,
        currentState: { state: 'Running', startTime: at(start, 60), detailStatus: '' },
        previousState: { state: 'Terminated', startTime: at(start, 30), finishTime: at(start, 59), exitCode: 137, detailStatus: 'Error' },
        events: [...pulled, ev('Started', 'Started container', start, at(start, 60), 3, 'Normal')],
      };
    case 'restart-loop':
      return {
        restartCount: 6,
        currentState: { state: 'Waiting', detailStatus: 'CrashLoopBackOff: Back-off restarting failed' },
        previousState: { state: 'Terminated', startTime: at(start, 50), finishTime: at(start, 51), exitCode: 1, detailStatus: 'Error' },
        events: [...pulled, ev('Started', 'Started container', start, at(start, 50), 7, 'Normal'), ev('BackOff', 'Back-off restarting failed container', at(start, 10), at(start, 52), 6)],
      };
    case 'probe':
      return {
        restartCount: 3,
        currentState: { state: 'Running', startTime: at(start, 90), detailStatus: '' },
        previousState: { state: 'Terminated', startTime: at(start, 60), finishTime: at(start, 89), exitCode: 137, detailStatus: 'Error' },
        events: [
          ...pulled,
          ev('Started', 'Started container', start, at(start, 90), 4, 'Normal'),
          ev('Unhealthy', "Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory", at(start, 20), at(start, 88), 9),
          ev('Killing', 'Killing container with id 0f6b2a…: Container failed liveness probe.. Container will be killed and recreated.', at(start, 29), at(start, 89), 3, 'Normal'),
        ],
      };
    default:
      return undefined;
  }
}

/** The group's instance view under the scenario (undefined: the usual one). */
export function scenarioGroupView(scenario: DiagnoseScenario, start: string, location: string): Obj | undefined {
  if (scenario !== 'capacity') return undefined;
  return {
    state: 'Pending',
    events: [ev('ServiceUnavailable', `The requested resource with '4' CPU and '16.0' GB memory is not available in the location '${location}' at this moment. Please retry with a different resource request or in another location.`, start, start)],
  };
}
