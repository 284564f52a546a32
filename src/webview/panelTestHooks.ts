/**
 * What the integration tests reach of every kind of panel through the extension's test API: the last panel's page
 * HTML, a wait on its record, and a restore as after a window reload. Each kind adds its own (its last record
 * under its own name, and how to talk to its page).
 */
export interface PanelTestHooks<PanelRecord> {
  /** The HTML the last panel's page was given. */
  html(): string | undefined;
  /** Resolves once `check` holds for the last panel's record (checked on every record change). */
  waitFor(check: (record: PanelRecord) => boolean, timeoutMs?: number): Promise<PanelRecord>;
  /** Restores a panel from a page's saved state, as VS Code does after a window reload. */
  restore(state: unknown): Promise<void>;
}
