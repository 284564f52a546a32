/**
 * The report pages' HTML: one external script with a nonce, one stylesheet, and a CSP that allows nothing
 * else (no inline script, no eval, no remote content).
 */
import { randomBytes } from 'crypto';
import * as vscode from 'vscode';

export function reportResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist')];
}

export function reportWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, enableCommandUris: false, localResourceRoots: reportResourceRoots(extensionUri) };
}

/**
 * `page` names the bundle (dist/PAGE.js) of a page under the same policy; its stylesheet media/PAGE/PAGE.css
 * comes after the report's, whose page, heading and legend styles it shares.
 */
export function reportHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string, page: 'report' | 'trend' | 'compare' = 'report'): string {
  const nonce = randomBytes(18).toString('base64url');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', `${page}.js`));
  const styles = [...new Set(['report', page])].map((name) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', name, `${name}.css`)));
  const src = webview.cspSource;
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${src}`,
    `font-src ${src}`,
    `img-src ${src} data:`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${styles.map((style) => `<link rel="stylesheet" href="${style.toString()}">`).join('\n')}
<title>${escapeHtml(title)}</title>
</head>
<body>
<main id="app" aria-busy="true"></main>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}

/** Only for the title, which is the one string the host writes into markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
