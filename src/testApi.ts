/**
 * What the integration tests and benchmarks reach inside the running extension. activate() returns it only when VS Code
 * runs the extension under a tests module (ExtensionMode.Test, set from the workbench's launch, never from the
 * environment or another extension); otherwise other extensions get nothing.
 */
import type { ExplorerProvider } from './tree/explorerProvider';
import type { AzureSession } from './azure/session';
import type { onLogLine } from './output/log';
import type { UserInput } from './ui/userInput';
import type { SecretStore } from './secrets/secretStore';
import type { ReportTestHooks } from './webview/report/reportRecord';
import type { CompareTestHooks } from './webview/compare/compareRecord';
import type { TrendTestHooks } from './webview/trend/trendRecord';
import type { SessionTestHooks } from './commands/openShell/registerSessions';
import type { LanguageFeatures } from './language/languageFeatures';
import type { DeployTestHooks } from './commands/deploy/registerDeploy';

export interface TestApi {
  readonly explorer: ExplorerProvider;
  readonly language: LanguageFeatures;
  readonly secrets: SecretStore;
  /** Problems a failed deploy placed in a definition; whether the editor title offers Deploy. */
  readonly deploy: DeployTestHooks;
  readonly report: ReportTestHooks;
  readonly compare: CompareTestHooks;
  readonly trend: TrendTestHooks;
  /** Open Shell / Show Live Output terminals: their recent output and the line they ended with. */
  readonly sessions: SessionTestHooks;
  /** Answers every prompt from now on (a scripted answerer); undefined restores VS Code's own. */
  useUserInput(input: UserInput | undefined): void;
  /** Pages opened from now on get these translations (a made-up display language); undefined restores VS Code's. */
  usePageBundle(bundle: Record<string, string> | undefined): void;
  /** Every line the output channel is given, at any level. */
  onLogLine: typeof onLogLine;
  /** The connection the extension itself signs in with. */
  connection: AzureSession['connection'];
  /** True while nothing is configured and the welcome view shows. */
  isEmpty(): boolean;
  /** For the activation benchmark: ms spent in activate(), and building the tree's first roots. */
  timings(): { activateMs: number; firstRenderMs?: number };
}
