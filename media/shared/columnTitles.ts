/**
 * The column titles the pages show, in the display language. The core's column lists keep their English titles
 * for the CSV export (files machines read); each page looks its titles up here by column key, and the lists
 * below are literal calls so the bundle extractor finds every one of them.
 */
import type { CompareColumnKey } from '../../src/core/report/compare/compareQuery';
import type { ColumnKey } from '../../src/core/report/shared/model';
import { l10n } from './page';

/** The report's columns (REPORT_COLUMNS), in this language. */
export function reportColumnTitles(): Record<ColumnKey, string> {
  return {
    name: l10n.t('Name'),
    dataSetType: l10n.t('Data set type'),
    status: l10n.t('Status'),
    message: l10n.t('Message'),
    startTime: l10n.t('Start'),
    endTime: l10n.t('End'),
    durationMs: l10n.t('Duration'),
    filesRead: l10n.t('Files read'),
    filesWritten: l10n.t('Files written'),
    rowsRead: l10n.t('Rows read'),
    rowsCopied: l10n.t('Rows copied'),
    sizeRead: l10n.t('Size read'),
    sizeWritten: l10n.t('Size written'),
    vCore: l10n.t('vCore'),
    dataSetId: l10n.t('Data set id'),
  };
}

/** The comparison's columns (COMPARE_COLUMNS), in this language. */
export function compareColumnTitles(): Record<CompareColumnKey, string> {
  return {
    name: l10n.t('Name'),
    dataSetType: l10n.t('Data set type'),
    change: l10n.t('Change'),
    statusA: l10n.t('Status A'),
    statusB: l10n.t('Status B'),
    durationMsA: l10n.t('Duration A'),
    durationMsB: l10n.t('Duration B'),
    durationMsDelta: l10n.t('Duration change'),
    sizeReadA: l10n.t('Size read A'),
    sizeReadB: l10n.t('Size read B'),
    sizeReadDelta: l10n.t('Size read change'),
    sizeWrittenA: l10n.t('Size written A'),
    sizeWrittenB: l10n.t('Size written B'),
    sizeWrittenDelta: l10n.t('Size written change'),
    rowsCopiedA: l10n.t('Rows copied A'),
    rowsCopiedB: l10n.t('Rows copied B'),
    rowsCopiedDelta: l10n.t('Rows copied change'),
    filesWrittenA: l10n.t('Files written A'),
    filesWrittenB: l10n.t('Files written B'),
    filesWrittenDelta: l10n.t('Files written change'),
    message: l10n.t('Message'),
    dataSetId: l10n.t('Data set id'),
  };
}
