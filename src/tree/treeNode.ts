/** The shape every node of the explorer tree has. */
import * as vscode from 'vscode';

export interface TreeNode {
  /** Stable across refreshes, so VS Code keeps expansion and selection. */
  readonly id: string;
  getTreeItem(): vscode.TreeItem | Promise<vscode.TreeItem>;
  getChildren?(token: vscode.CancellationToken): vscode.ProviderResult<TreeNode[]>;
  /** Drops what the node has loaded, before a refresh of that node. */
  invalidate?(): void;
  /** Stops any work the node still has under way, when the tree is rebuilt without it. */
  dispose?(): void;
}

/**
 * What a node loads in the background (VS Code waits for every expanded node before it redraws the tree, so a
 * node must not wait for a slow or retried request): one load at a time, started the first time the result is
 * asked for; `reset` cancels it and forgets the result, so the next expansion loads again. `load` must not throw.
 */
export class BackgroundLoad<T> {
  private value: T | undefined;
  private started = false;
  private source = new vscode.CancellationTokenSource();

  constructor(
    private readonly load: (token: vscode.CancellationToken) => Promise<T>,
    /** Called when the result has arrived, so the view asks for the node again. */
    private readonly arrived: () => void,
  ) {}

  /** The result once it arrived, else undefined (and the load is started). */
  get(): T | undefined {
    if (this.value === undefined && !this.started) {
      this.started = true;
      void this.run(this.source.token);
    }
    return this.value;
  }

  /** The result if it arrived, without starting a load (rendering a collapsed node sends nothing). */
  peek(): T | undefined {
    return this.value;
  }

  private async run(token: vscode.CancellationToken): Promise<void> {
    const value = await this.load(token);
    if (token.isCancellationRequested) return;
    this.value = value;
    this.arrived();
  }

  reset(): void {
    this.source.cancel();
    this.source.dispose();
    this.source = new vscode.CancellationTokenSource();
    this.value = undefined;
    this.started = false;
  }

  dispose(): void {
    this.source.cancel();
    this.source.dispose();
  }
}

/** Stands in for children that are still being loaded; the parent replaces it when they arrive. */
export class LoadingNode implements TreeNode {
  constructor(
    readonly id: string,
    private readonly label: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon('loading~spin');
    item.contextValue = 'loading';
    return item;
  }
}

/** A leaf with a label, an optional description and icon. */
export interface InfoNodeOptions {
  readonly description?: string;
  readonly icon?: vscode.ThemeIcon;
  /** Defaults to "label: description". */
  readonly tooltip?: string | vscode.MarkdownString;
  /** When present and not empty, the node expands to them. */
  readonly children?: TreeNode[];
  readonly command?: vscode.Command;
}

export class InfoNode implements TreeNode {
  private readonly description?: string;
  private readonly icon?: vscode.ThemeIcon;
  private readonly tooltip?: string | vscode.MarkdownString;
  private readonly children?: TreeNode[];
  private readonly command?: vscode.Command;

  constructor(
    readonly id: string,
    private readonly label: string,
    options: InfoNodeOptions = {},
  ) {
    ({ description: this.description, icon: this.icon, tooltip: this.tooltip, children: this.children, command: this.command } = options);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      this.label,
      this.children?.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = this.id;
    item.description = this.description;
    item.iconPath = this.icon;
    item.tooltip = this.tooltip ?? (this.description ? `${this.label}: ${this.description}` : this.label);
    item.contextValue = 'info';
    item.command = this.command;
    return item;
  }

  getChildren(): TreeNode[] {
    return this.children ?? [];
  }
}

/** Shown in place of what could not be read; the rest of the tree keeps working. */
export class ErrorNode implements TreeNode {
  constructor(
    readonly id: string,
    private readonly label: string,
    private readonly message: string,
    private readonly command?: vscode.Command,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = this.message;
    item.tooltip = new vscode.MarkdownString().appendText(`${this.label}\n\n${this.message}`);
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
    item.contextValue = 'error';
    item.command = this.command;
    return item;
  }
}
