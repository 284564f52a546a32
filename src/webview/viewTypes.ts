/**
 * The panels' view types: the serializers registered at activation name them, while the panels' code loads with
 * the first panel opened or restored.
 */
export const REPORT_VIEW_TYPE = 'aciDataShare.synchronizationReport';
export const TREND_VIEW_TYPE = 'aciDataShare.synchronizationTrend';
export const COMPARE_VIEW_TYPE = 'aciDataShare.synchronizationComparison';
