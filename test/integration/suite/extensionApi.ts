// Shared helpers for the integration suites: the activated extension's API and tree reading.
import * as vscode from 'vscode';
import type { TestApi } from '../../../src/extension';
import type { TreeNode } from '../../../src/tree/treeNode';
import { recorder } from './scriptedInput';

export const EXTENSION_ID = 'aci-data-share.aci-data-share';

/** The test-only API of the activated extension (it exists only under the test runner). */
export async function activateExtension(): Promise<TestApi> {
  const extension = vscode.extensions.getExtension<TestApi | undefined>(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not loaded`);
  const api = await extension.activate();
  if (!api) throw new Error('the extension returned no test API: it exists only when a tests module runs the extension (ExtensionMode.Test)');
  // No prompt of a test ever waits for a person: unscripted questions are answered like Escape.
  api.useUserInput(recorder);
  return api;
}

export interface ShownItem {
  node: TreeNode;
  label: string;
  description: string;
  tooltip: string;
  contextValue?: string;
  icon?: string;
  collapsible: boolean;
}

function labelText(label: string | vscode.TreeItemLabel | undefined): string {
  return typeof label === 'string' ? label : (label?.label ?? '');
}

/** Children of `node` (roots when undefined) as the user would see them once loaded. */
export async function shownChildren(api: TestApi, node?: TreeNode, ms = 60_000): Promise<ShownItem[]> {
  const until = Date.now() + ms;
  for (;;) {
    const changed = nextTreeChange(api, 1000).catch(() => undefined);
    const items = await shownNow(api, node);
    if (!items.some((i) => i.contextValue === 'loading') || Date.now() > until) return items;
    await changed;
  }
}

/** Children of `node` as the view shows them right now, "Loading…" included. */
export async function shownNow(api: TestApi, node?: TreeNode): Promise<ShownItem[]> {
  const nodes = (await api.explorer.getChildren(node)) ?? [];
  return Promise.all(
    nodes.map(async (n) => {
      const item = await api.explorer.getTreeItem(n);
      const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : (item.tooltip ?? '');
      return {
        node: n,
        label: labelText(item.label),
        description: typeof item.description === 'string' ? item.description : '',
        tooltip,
        contextValue: item.contextValue,
        icon: item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined,
        collapsible: item.collapsibleState !== vscode.TreeItemCollapsibleState.None,
      };
    }),
  );
}

export async function child(api: TestApi, parent: ShownItem | undefined, label: string): Promise<ShownItem> {
  const items = await shownChildren(api, parent?.node);
  const found = items.find((i) => i.label === label);
  if (!found) throw new Error(`no tree item "${label}" under "${parent?.label ?? '(root)'}"; have: ${items.map((i) => i.label).join(', ')}`);
  return found;
}

/** A configured container group's node, under the Container groups root. */
export async function groupNode(api: TestApi, name: string): Promise<ShownItem> {
  return child(api, await child(api, undefined, 'Container groups'), name);
}

/** Resolves on the tree's next change event (or rejects after `ms`). */
export function nextTreeChange(api: TestApi, ms = 10000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error('the tree did not change'));
    }, ms);
    const sub = api.explorer.onDidChangeTreeData(() => {
      clearTimeout(timer);
      sub.dispose();
      resolve();
    });
  });
}
