/**
 * The page's one link to the extension: VS Code's webview API (which a page may acquire only once), typed with the
 * page's own messages and saved state, so a page posts nothing its host does not read.
 */
interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export interface Host<PageMessage, PanelState> {
  /** Posts one of the page's messages to the extension. */
  postMessage(message: PageMessage): void;
  getState(): unknown;
  /** What VS Code keeps for the page while it is hidden and restores with the panel. */
  setState(state: PanelState): void;
}

export function connectToHost<PageMessage, PanelState>(): Host<PageMessage, PanelState> {
  return acquireVsCodeApi();
}
