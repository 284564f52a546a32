/**
 * The conversion's rules, each with the source it follows: the Compose specification (compose-spec/compose-spec
 * at the pinned commit of schemas/compose), the ACI documentation (Microsoft Learn, container-instances), and
 * the archived Docker ACI integration (docker/compose-cli, aci/convert at c156ce6da4c2b317174d42daf1b019efa87e9f92)
 * where ACI users already met its behaviour. The report and `aci-validate` name them by id.
 */
const SPEC = 'Compose specification';
const ACI = 'ACI documentation';
const DOCKER_ACI = 'docker/compose-cli aci/convert (archived)';

export const COMPOSE_RULES = {
  yaml: { title: 'YAML', source: `${SPEC}, 03-compose-file.md; YAML 1.2 with anchors and merge keys (10-fragments.md)` },
  schema: { title: 'Compose schema', source: `${SPEC}, schema/compose-spec.json` },
  interpolation: { title: 'Interpolation', source: `${SPEC}, 12-interpolation.md` },
  envFile: { title: 'env_file and .env', source: `${SPEC}, 05-services.md#env_file and 12-interpolation.md (.env file)` },
  merge: { title: 'Several Compose files', source: `${SPEC}, 13-merge.md` },
  extends: { title: 'extends', source: `${SPEC}, 05-services.md#extends` },
  profiles: { title: 'profiles', source: `${SPEC}, 15-profiles.md` },
  services: { title: 'Services → containers', source: `${SPEC}, 05-services.md; ${ACI}, container-instances-container-groups.md (containers share a host, network and lifecycle)` },
  containerName: { title: 'Container names', source: `${ACI}, container-instances-troubleshooting.md (naming conventions)` },
  image: { title: 'image', source: `${SPEC}, 05-services.md#image` },
  build: { title: 'build', source: `${SPEC}, build.md; ${ACI}: a container group runs images from a registry` },
  command: { title: 'command and entrypoint', source: `${SPEC}, 05-services.md#command/#entrypoint; ${ACI}, container-instances-start-command.md (the command line overrides the image's ENTRYPOINT)` },
  environment: { title: 'environment and env_file', source: `${SPEC}, 05-services.md#environment; ${DOCKER_ACI}, convert.go getEnvVariables` },
  secureValue: { title: 'Secret-looking values', source: `${ACI}, container-instances-environment-variables.md (secure values)` },
  secrets: { title: 'Compose secrets', source: `${SPEC}, 09-secrets.md (mounted at /run/secrets/NAME); ${ACI}, container-instances-volume-secret.md; ${DOCKER_ACI}, secrets.go` },
  ports: { title: 'ports and expose', source: `${SPEC}, 05-services.md#ports; ${ACI}, container-instances-container-groups.md#networking (no port mapping); ${DOCKER_ACI}, ports.go` },
  portClash: { title: 'One port, one container', source: `${ACI}, container-instances-container-groups.md#networking (containers of a group share one IP address and port namespace)` },
  hostnames: { title: 'Service names as host names', source: `${SPEC}, 06-networks.md (services reach each other by name); ${ACI}, container-instances-container-groups.md#networking (containers of a group reach each other on localhost)` },
  resources: { title: 'Resources', source: `${SPEC}, deploy.md#resources and 05-services.md#cpus/#mem_limit; ${DOCKER_ACI}, convert.go getResourceRequestsLimits (1 CPU and 1 GB when none are given); ${ACI}, container-instances-resource-and-quota-limits.md` },
  healthcheck: { title: 'healthcheck → liveness probe', source: `${SPEC}, 05-services.md#healthcheck; ${ACI}, container-instances-liveness-probe.md; ${DOCKER_ACI}, convert.go getLivenessProbe` },
  restart: { title: 'restart → restartPolicy', source: `${SPEC}, 05-services.md#restart and deploy.md#restart_policy; ${ACI}, container-instances-restart-policy.md; ${DOCKER_ACI}, restartpolicy.go` },
  volumes: { title: 'Volumes', source: `${SPEC}, 07-volumes.md and 05-services.md#volumes; ${ACI}, container-instances-volume-azure-files.md and container-instances-volume-emptydir.md; ${DOCKER_ACI}, volume.go` },
  bindMount: { title: 'Bind mounts', source: `${SPEC}, 05-services.md#volumes (type bind); ${ACI}: a container group has no access to the machine the Compose file is on` },
  dependsOn: { title: 'depends_on', source: `${SPEC}, 05-services.md#depends_on; ${ACI}, container-instances-init-container.md` },
  replicas: { title: 'Replicas', source: `${SPEC}, deploy.md#replicas; ${ACI}: one container per service in a group` },
  unsupported: { title: 'No ACI counterpart', source: `${SPEC}, 05-services.md; ${ACI}, container group reference (Microsoft.ContainerInstance/containerGroups 2023-05-01)` },
  groupBudget: { title: 'Group size', source: `${ACI}, container-instances-resource-and-quota-limits.md (5 ports per IP; groups above 4 vCPU / 16 GB may fail on regional capacity)` },
} as const;

export type ComposeRuleId = keyof typeof COMPOSE_RULES;

/** The code a finding of a rule carries in the editor and `aci-validate` (e.g. `compose.ports`). */
export const composeCode = (rule: ComposeRuleId): string => `compose.${rule}`;
