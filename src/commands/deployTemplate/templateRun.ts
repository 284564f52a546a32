/** One template deploy: the deploy run it came from, and what it has learned (template, parameters, what-if, progress). */
import type { DeploymentBody, DeploymentRef } from '../../core/templateDeploy/deployments';
import type { TemplateOutput } from '../../core/templateDeploy/operations';
import type { WhatIfSummary } from '../../core/templateDeploy/whatIfChanges';
import type { DeployRun, TemplateDeploymentFacts } from '../deploy/deployRun';
import type { ChosenParameters } from './templateParameters';

export class TemplateRun {
  template: unknown;
  parameters!: ChosenParameters;
  body!: DeploymentBody;
  /** The body exactly as sent: Azure's line and column numbers are in it. */
  sent!: string;
  ref!: DeploymentRef;
  whatIf: WhatIfSummary = { counts: new Map(), lines: [], headline: '', containerGroups: [] };
  /** Each distinct progress line shown. */
  readonly progress: string[] = [];
  outputs: TemplateOutput[] = [];
  containerGroups: string[] = [];
  state: string | undefined;

  constructor(readonly deploy: DeployRun) {}

  facts(): TemplateDeploymentFacts {
    return {
      name: this.ref?.deploymentName ?? '',
      ...(this.parameters?.file ? { parameterFile: this.parameters.file.uri.path } : {}),
      whatIf: this.whatIf.lines.map((l) => this.deploy.redact(l)),
      progress: [...this.progress],
      outputs: this.outputs,
      containerGroups: this.containerGroups,
      ...(this.state ? { state: this.state } : {}),
    };
  }
}
