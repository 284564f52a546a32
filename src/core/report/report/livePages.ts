/** The details a synchronization's watch read, as the one page of a report load (no request of the report's own). */
import type { SynchronizationDetails } from '../../services/dataShare';
import { sanitizeRow } from '../shared/model';
import type { ReportPage } from '../shared/stream';
import { addPage, emptyTotals } from '../shared/totals';

export async function* livePages(details: readonly SynchronizationDetails[]): AsyncGenerator<ReportPage, void, undefined> {
  const rows = details.map(sanitizeRow);
  const totals = addPage(emptyTotals(), rows, undefined);
  yield { rows, pageNumber: 1, totals: { ...totals }, last: true, server: {} };
}
