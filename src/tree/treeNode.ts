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
export class InfoNode implements TreeNode {
  constructor(
    readonly id: string,
    private readonly label: string,
    private readonly description?: string,
    private readonly icon?: vscode.ThemeIcon,
    private readonly tooltip?: string | vscode.MarkdownString,
    private readonly children?: TreeNode[],
    private readonly command?: vscode.Command,
  ) {}

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
