// What the file and folder copy suites share: one copy command run with its answers scripted.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { CopyFileResult } from '../../../src/commands/copyFiles/registerCopyFiles';
import type { ContainerRef } from '../../../src/tree/containerRef';
import type { TestApi } from '../../../src/extension';
import { ScriptedInput, withAnswers, type Answer } from './scriptedInput';

export type CopyCommand = 'uploadFile' | 'downloadFile' | 'uploadFolder' | 'downloadFolder';

/** Runs one copy command on a container with scripted answers, all of which must be used. */
export async function runCopy(api: TestApi, command: CopyCommand, arg: { containerRef: ContainerRef }, answers: Answer[]): Promise<{ result: CopyFileResult; script: ScriptedInput }> {
  const script = new ScriptedInput(answers);
  const result = await withAnswers(api, script, async () => vscode.commands.executeCommand<CopyFileResult>(`aciDataShare.${command}`, arg));
  script.assertDone();
  assert.ok(result, 'the command returned its result');
  return { result, script };
}
