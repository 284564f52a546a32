/**
 * What a JSON export of the report states beside its rows: the filter it was taken under, and the totals of
 * the rows in the file next to the whole synchronization's, each under its own name, so a filtered export's
 * figures cannot be read as the synchronization's (or the other way round).
 */
import type { ReportQuery, ReportRow } from '../shared/model';
import { isFiltered } from '../shared/query';
import { computeTotals, wallTimeMs, type ReportTotals } from '../shared/totals';
import type { JsonExportMeta } from '../shared/exportFormats';

export interface ExportFigures {
  dataSets: number;
  failed: number;
  sizeRead: number;
  sizeWritten: number;
  /** From the first data set's start to the last one's end. */
  wallTimeMs?: number;
  /** The data sets' durations added up (they overlap). */
  sumOfDurationsMs: number;
  rowsRead: number;
  rowsCopied: number;
  filesRead: number;
  filesWritten: number;
}

export interface ReportExportMeta extends JsonExportMeta {
  /** The filters the rows were exported under; absent when none left rows out. */
  filter?: Omit<ReportQuery, 'sort'>;
  totals: { exported: ExportFigures; synchronization: ExportFigures };
}

export function exportFigures(t: ReportTotals): ExportFigures {
  return {
    dataSets: t.rows,
    failed: t.failed,
    sizeRead: t.sizeRead,
    sizeWritten: t.sizeWritten,
    wallTimeMs: wallTimeMs(t),
    sumOfDurationsMs: t.durationMs,
    rowsRead: t.rowsRead,
    rowsCopied: t.rowsCopied,
    filesRead: t.filesRead,
    filesWritten: t.filesWritten,
  };
}

/** `all`: every row loaded; `exported`: the rows written (the view's filters applied). */
export function reportExportMeta(base: JsonExportMeta, all: readonly ReportRow[], exported: readonly ReportRow[], query: ReportQuery): ReportExportMeta {
  const { sort: _sort, ...filter } = query;
  return {
    ...base,
    filter: isFiltered(query) ? filter : undefined,
    totals: { exported: exportFigures(computeTotals(exported)), synchronization: exportFigures(computeTotals(all)) },
  };
}
