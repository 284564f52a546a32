/**
 * One deploy from start to end: what it has learned so far (target, document, request body, connection, the
 * group as it is), and the only ways it speaks — the log and the user's prompts — both redacted of its secrets.
 */
import * as vscode from 'vscode';
import type { ArmClient } from '../../core/arm/client';
import { redactText } from '../../core/arm/redact';
import type { DeployedGroup, PreparedDeploy } from '../../core/deploy/deployContainerGroup';
import type { AzureSession } from '../../azure/session';
import type { Finding } from '../../core/definition/types';
import { CONTAINER_GROUP } from '../../core/schema/resourceKinds';
import type { CloudEndpoints } from '../../core/settings/endpoints';
import type { ContainerGroupTarget } from '../../core/settings/model';
import type { SecretStore } from '../../secrets/secretStore';
import type { Prompts } from '../shared/registerCommand';
import type { UserInput } from '../../ui/userInput';
import type { DeployDiagnostics } from './deployDiagnostics';
import type { SettingsLists } from '../../settings/lists';

/** `unknown`: the request went out but its outcome could not be read; the group may still be provisioning. */
export type DeployOutcome = 'succeeded' | 'failed' | 'unknown' | 'canceled' | 'invalid' | 'dismissed';

export interface DeployCommandResult {
  outcome: DeployOutcome;
  target?: ContainerGroupTarget;
  /** True when the group did not exist before. */
  created?: boolean;
  /** Changes listed in the update confirmation, one path per line. */
  changes?: string[];
  group?: DeployedGroup;
  errorCode?: string;
  errorTarget?: string;
  /** What a failure's error names as its cause (DNS label taken, quota, capacity), with the fix and its document. */
  cause?: { kind: string; title: string; fix: string; doc: string };
  /** Diagnostics placed in the definition for a failure. */
  diagnostics?: number;
  polls?: number;
  /** A template deployment's facts (templates that Azure evaluates deploy as a whole). */
  deployment?: TemplateDeploymentFacts;
  /** The region's limits, quota and cached images as the confirmation listed them (or a refusal gave them). */
  capacity?: string[];
  /** Every notification text this run showed, redacted. */
  notifications: string[];
}

export interface TemplateDeploymentFacts {
  name: string;
  parameterFile?: string;
  /** The what-if lines shown in the confirmation. */
  whatIf: string[];
  /** Progress lines shown while it ran ("containerGroups/web: Running"). */
  progress: string[];
  outputs: { name: string; type: string; value?: string }[];
  containerGroups: string[];
  /** Azure's state of the deployment at the end (e.g. Canceled after a cancel). */
  state?: string;
}

export interface DeployLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** A deploy's end state for a group, published to whoever follows deploys (the tree shows it). */
export interface DeployStateEvent {
  target: ContainerGroupTarget;
  state: string;
  at: number;
  /** Azure's error when the deploy failed (redacted). */
  error?: { code?: string; message?: string };
}

export interface DeployContext {
  session: Pick<AzureSession, 'connection' | 'signedIn'>;
  secrets: SecretStore;
  diagnostics: DeployDiagnostics;
  /** The editor's checks of a definition (they also show in the Problems view). */
  validate(doc: vscode.TextDocument): Promise<Finding[]>;
  publishState(event: DeployStateEvent): void;
  /** This invocation's prompts and log (the command's context). */
  ui: UserInput;
  log: Prompts['log'];
  /** Remembers choices per workspace (a template's parameter file). */
  memento?: vscode.Memento;
  /** Saves a new target to the view's list when the user agrees. */
  lists: SettingsLists;
}

/** The definition as it was read for this deploy; failures are placed in it. */
export interface DeploySource {
  doc: vscode.TextDocument;
  text: string;
  version: number;
}

export class DeployRun {
  /** Values never to show: the literal secrets in the file, then the stored ones sent. */
  secrets: string[] = [];
  readonly notifications: string[] = [];
  target!: ContainerGroupTarget;
  uri!: vscode.Uri;
  source!: DeploySource;
  prepared!: PreparedDeploy;
  client!: ArmClient;
  cloud: CloudEndpoints | undefined;
  /** The group as Azure has it; undefined when it does not exist yet. */
  existing: unknown;
  changes: string[] | undefined;
  /** The confirmation's lines on the region's limits, quota and cached images. */
  capacity: string[] = [];

  constructor(readonly ctx: DeployContext) {}

  get ref(): { subscriptionId: string; resourceGroup: string; name: string } {
    return { subscriptionId: this.target.subscriptionId, resourceGroup: this.target.resourceGroup, name: this.target.name };
  }

  /** The command's result, ending the run. */
  done(outcome: DeployOutcome, extra: Partial<DeployCommandResult> = {}): DeployCommandResult {
    return { outcome, notifications: this.notifications, ...(this.target ? { target: this.target } : {}), ...extra };
  }

  redact(text: string): string {
    return redactText(text, this.secrets);
  }

  log(level: keyof DeployLogger, message: string): void {
    this.ctx.log[level](this.redact(message));
  }

  /** Shows a notification without waiting for it to close; actions run when picked. */
  notify(kind: 'info' | 'warning' | 'error', message: string, actions: Record<string, () => unknown> = {}): void {
    const text = this.redact(message);
    this.notifications.push(text);
    void this.ctx.ui.message(kind, text, ...Object.keys(actions)).then((picked) => (picked ? actions[picked]?.() : undefined));
  }

  /** A modal question with one action; true when the user chose it. `dismiss` names the button that does nothing. */
  async ask(message: string, detail: string, action: string, dismiss?: string): Promise<boolean> {
    const text = this.redact(message);
    this.notifications.push(text);
    return (await this.ctx.ui.message('warning', text, { modal: true, detail: this.redact(detail), dismiss }, action)) === action;
  }

  publishState(state: string, error?: { code?: string; message?: string }): void {
    this.ctx.publishState({ target: this.target, state, at: Date.now(), ...(error ? { error: { code: error.code, message: error.message && this.redact(error.message) } } : {}) });
  }
}

/** The path segment of a container group profile or NGroups resource; undefined for a container group. */
export function otherCollection(run: DeployRun): string | undefined {
  return run.prepared.kind === CONTAINER_GROUP ? undefined : run.prepared.kind.collection;
}
