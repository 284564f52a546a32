// Run Command in Container… on Windows groups in the real VS Code against the emulator: a Server Core image runs the
// line in Windows PowerShell (a command with arguments, exit code 0; a failing cmdlet 1; a program's own non-zero
// code), a Nano Server image, which has no PowerShell, in cmd.exe (its output only the command's, without the lines
// typed or the status line); the setting pins one shell.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { RunCommandResult } from '../../../src/commands/runCommand/registerRunCommand';
import type { DeployCommandResult } from '../../../src/commands/deploy/registerDeploy';
import type { ContainerGroupTarget } from '../../../src/core/settings/model';
import type { TestApi } from '../../../src/extension';
import { ScriptedInput, withAnswers } from './scriptedInput';
import { suiteWorld } from './suiteWorld';
import { until } from './until';

const SUBSCRIPTION = '00000000-0000-0000-0000-000000000026';
const target = (name: string): ContainerGroupTarget => ({ name, subscriptionId: SUBSCRIPTION, resourceGroup: 'rg-run-win', definitionFile: `definitions/${name}.aci.yaml` });
// Images as Microsoft publishes them (mcr.microsoft.com/windows/servercore and /nanoserver, "Container base images").
const GROUPS = { 'it-win-core': 'mcr.microsoft.com/windows/servercore:ltsc2022', 'it-win-nano': 'mcr.microsoft.com/windows/nanoserver:ltsc2022' };

const definition = (name: string, image: string): string => `apiVersion: '2023-05-01'
name: ${name}
location: westeurope
properties:
  osType: Windows
  containers:
    - { name: app, properties: { image: '${image}', resources: { requests: { cpu: 1, memoryInGB: 2 } } } }
`;

suite('Run Command in Container: Windows groups', function () {
  this.timeout(120_000);
  const world = suiteWorld();
  let api: TestApi;
  let folder: string;

  async function runIn(group: string, line: string): Promise<{ result: RunCommandResult; script: ScriptedInput }> {
    const script = new ScriptedInput([{ input: new RegExp(`^Run Command in ${group} · app$`), value: line }], { acceptDefaults: true });
    const result = await withAnswers(api, script, async () =>
      vscode.commands.executeCommand<RunCommandResult>('aciDataShare.runCommand', { containerRef: { target: target(group), containerName: 'app', init: false } }),
    );
    script.assertDone();
    assert.ok(result, 'the command returned its result');
    return { result, script };
  }

  suiteSetup(async () => {
    ({ api, folder } = world);
    for (const [name, image] of Object.entries(GROUPS)) fs.writeFileSync(path.join(folder, 'definitions', `${name}.aci.yaml`), definition(name, image));
    await world.addContainerGroups(Object.keys(GROUPS).map(target));
    for (const name of Object.keys(GROUPS)) {
      const script = new ScriptedInput([
        { message: new RegExp(`^Create the container group ${name}`), choose: 'Create' },
      ]);
      const uri = vscode.Uri.file(path.join(folder, 'definitions', `${name}.aci.yaml`));
      const deployed = await withAnswers(api, script, async () => vscode.commands.executeCommand<DeployCommandResult>('aciDataShare.deploy', uri));
      assert.strictEqual(deployed.outcome, 'succeeded', deployed.notifications.join('\n'));
    }
  });

  suiteTeardown(async () => {
    for (const t of vscode.window.terminals) t.dispose();
    for (const name of Object.keys(GROUPS)) fs.rmSync(path.join(folder, 'definitions', `${name}.aci.yaml`), { force: true });
  });

  test('Server Core: `Get-ChildItem C:\\ -Name` in PowerShell, exit code 0, nothing typed in the output', async () => {
    const { result, script } = await runIn('it-win-core', 'Get-ChildItem C:\\ -Name');
    assert.strictEqual(result.outcome, 'exited', result.message);
    assert.strictEqual(result.shell, 'powershell.exe');
    assert.strictEqual(result.exitCode, 0);
    assert.match(result.output ?? '', /^inetpub\r\n(.*\r\n)*Windows\r\n$/);
    assert.doesNotMatch(result.output ?? '', /Write-Output|LASTEXITCODE|Get-ChildItem|PS C:/, 'neither the echo nor a prompt shows');
    await until(() => api.sessions.endedWith('it-win-core · app · run'), 'the last line');
    assert.match(api.sessions.endedWith('it-win-core · app · run') ?? '', /^The command ended with exit code 0 after \d+\.\d s \(powershell\.exe\)\.$/);
    assert.deepStrictEqual(script.messages(), []);
  });

  test('Server Core: a failing cmdlet ends with 1, a program with its own exit code ($LASTEXITCODE)', async () => {
    const cmdlet = (await runIn('it-win-core', 'Get-Item C:\\nowhere')).result;
    assert.strictEqual(cmdlet.outcome, 'exited', cmdlet.message);
    assert.strictEqual(cmdlet.exitCode, 1);
    assert.match(cmdlet.output ?? '', /^Get-Item : Cannot find path 'C:\\nowhere' because it does not exist\./);
    const program = (await runIn('it-win-core', 'cmd /c exit 3')).result;
    assert.strictEqual(program.exitCode, 3);
  });

  // What cmd.exe echoes of the lines Run Command types, and its status line: none of it is the command's output.
  const TYPED = /dir \/b|dir C:|echo|errorlevel|ACI[0-9a-f]|More\?|<NUL/i;

  test('Nano Server has no PowerShell: the line runs in cmd.exe; the output is only its own, then its exit code', async () => {
    const ok = (await runIn('it-win-nano', 'dir /b C:\\')).result;
    assert.strictEqual(ok.outcome, 'exited', ok.message);
    assert.strictEqual(ok.shell, 'cmd.exe');
    assert.strictEqual(ok.exitCode, 0);
    assert.strictEqual(ok.output, 'inetpub\r\nProgram Files\r\nProgram Files (x86)\r\nProgramData\r\nUsers\r\nWindows\r\n', 'neither the typed line nor the status line');
    const failed = (await runIn('it-win-nano', 'dir C:\\nowhere')).result;
    assert.strictEqual(failed.exitCode, 1);
    assert.match(failed.output ?? '', /^ Volume in drive C has no label\.\r\n[\s\S]*File Not Found\r\n$/);
    assert.doesNotMatch(failed.output ?? '', TYPED);
    await until(() => api.sessions.endedWith('it-win-nano · app · run'), 'the last line');
    assert.match(api.sessions.endedWith('it-win-nano · app · run') ?? '', /^The command ended with exit code 1 after \d+\.\d s \(cmd\.exe\)\.$/);
  });

  test('cmd.exe: a line with &, ||, ^, %, quotes and parentheses runs as typed; the code is its last command\'s', async () => {
    const config = vscode.workspace.getConfiguration('aciDataShare');
    await config.update('runCommand.windowsShell', 'cmd', vscode.ConfigurationTarget.Workspace);
    try {
      // On Server Core too once the setting pins cmd.exe. `%nope%` is not defined: at the prompt it stays as typed.
      const special = (await runIn('it-win-core', 'echo (x) "a & b)" c^&d %SystemRoot% %nope% :) & dir /b C:\\nowhere || echo failed')).result;
      assert.strictEqual(special.shell, 'cmd.exe');
      assert.strictEqual(special.output, '(x) "a & b)" c&d C:\\Windows %nope% :) \r\nFile Not Found\r\nfailed\r\n');
      assert.strictEqual(special.exitCode, 1, 'echo leaves the code dir set');
      const unknown = (await runIn('it-win-core', 'nosuch')).result;
      assert.strictEqual(unknown.exitCode, 9009);
      assert.match(unknown.output ?? '', /^'nosuch' is not recognized as an internal or external command,\r\noperable program or batch file\.\r\n$/);
    } finally {
      await config.update('runCommand.windowsShell', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('the setting pins PowerShell: Nano Server is refused, saying which shell it lacks', async () => {
    const config = vscode.workspace.getConfiguration('aciDataShare');
    await config.update('runCommand.windowsShell', 'powershell', vscode.ConfigurationTarget.Workspace);
    try {
      const { result, script } = await runIn('it-win-nano', 'Get-ChildItem');
      assert.strictEqual(result.outcome, 'refused');
      assert.strictEqual(result.reason, 'noShell');
      assert.ok(script.messages('error').some((m) => /^it-win-nano · app has no powershell\.exe to run a command in\. Set aciDataShare\.runCommand\.windowsShell/.test(m)));
    } finally {
      await config.update('runCommand.windowsShell', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
