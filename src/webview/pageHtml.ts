/**
 * Every page's HTML: one external script with a nonce, the shared stylesheet and the page's own, and a CSP that
 * allows nothing else (no inline script, no eval, no remote content). The page's words and whether it runs under
 * the test runner travel as data attributes, read before the page draws anything.
 */
import { randomBytes } from 'crypto';
import * as vscode from 'vscode';

export type PageName = 'report' | 'trend' | 'compare';

export function pageResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist')];
}

export function pageWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return { enableScripts: true, enableCommandUris: false, localResourceRoots: pageResourceRoots(extensionUri) };
}

/** Translations pages get instead of VS Code's: set only through the test-only API, to show another language. */
let bundleForPages: Record<string, string> | undefined;

/** Pages opened from now on get `bundle` as their translations; undefined gives them VS Code's again. */
export function usePageBundle(bundle: Record<string, string> | undefined): void {
  bundleForPages = bundle;
}

export interface PageHtmlOptions {
  /** Under the test runner only: the page reports what it drew and obeys scripted commands. */
  testHooks: boolean;
}

/**
 * `page` names the bundle (dist/PAGE.js) and the stylesheet media/PAGE/PAGE.css, which comes after the shared
 * media/shared/page.css (page, heading, legend and table styles).
 */
export function pageHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string, page: PageName, options: PageHtmlOptions): string {
  const nonce = randomBytes(18).toString('base64url');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', `${page}.js`));
  const styles = [
    vscode.Uri.joinPath(extensionUri, 'media', 'shared', 'page.css'),
    vscode.Uri.joinPath(extensionUri, 'media', page, `${page}.css`),
  ].map((uri) => webview.asWebviewUri(uri));
  const src = webview.cspSource;
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${src}`,
    `font-src ${src}`,
    `img-src ${src} data:`,
  ].join('; ');
  // The translations of this display language (none for English: the page's own words are the keys).
  const bundle = bundleForPages ?? vscode.l10n.bundle;
  const l10n = JSON.stringify(bundle ?? {});
  // Without a bundle the page speaks English, whatever the display language.
  const lang = bundle ? vscode.env.language : 'en';
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${styles.map((style) => `<link rel="stylesheet" href="${style.toString()}">`).join('\n')}
<title>${escapeHtml(title)}</title>
</head>
<body>
<main id="app" aria-busy="true" data-l10n="${escapeHtml(l10n)}"${options.testHooks ? ' data-test-hooks="true"' : ''}></main>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}

/** For the title and the attributes, the only strings the host writes into markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
