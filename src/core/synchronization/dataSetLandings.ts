/**
 * Where each data set of a share subscription lands: its source data set joined with its mapping (by dataSetId)
 * and with its status in the latest synchronization. The sink is told in the words of its kind: storage account /
 * container / path for storage, server / database / schema.table for SQL, the cluster for Kusto.
 */
import type { ConsumerSourceDataSet, DataSetMapping } from '../services/dataShareConsumer';
import type { SynchronizationDetails } from '../services/dataShare';

export interface DataSetLanding {
  dataSetId: string;
  name: string;
  type: string;
  /** Undefined when the data set is not mapped (it is not received). */
  sink?: { kind: string; where: string; broken: boolean };
  /** Its status in the latest synchronization that lists it. */
  lastStatus?: string;
  lastMessage?: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** The last segment of an ARM id ("…/servers/contoso-sql" → "contoso-sql"). */
function leaf(id: unknown): string | undefined {
  const s = str(id);
  return s ? s.split('/').filter(Boolean).pop() : undefined;
}

/** "workspace / pool / schema.table" from …/workspaces/{w}/sqlPools/{p}/schemas/{s}/tables/{t}. */
function synapseTable(id: unknown): string | undefined {
  const m = /\/workspaces\/([^/]+)\/sqlPools\/([^/]+)\/schemas\/([^/]+)\/tables\/([^/]+)/i.exec(str(id) ?? '');
  return m ? `${m[1]} / ${m[2]} / ${m[3]}.${m[4]}` : leaf(id);
}

/** "account / container / path", "server / database / schema.table", … from whatever the mapping names. */
export function describeSink(mapping: DataSetMapping): string {
  const p = mapping.properties ?? {};
  const table = [str(p.schemaName), str(p.tableName)].filter(Boolean).join('.');
  const parts = [
    str(p.storageAccountName),
    str(p.containerName) ?? str(p.fileSystem),
    str(p.filePath) ?? str(p.folderPath) ?? str(p.prefix),
    leaf(p.sqlServerResourceId),
    str(p.databaseName) ?? str(p.dataWarehouseName),
    table || undefined,
    leaf(p.kustoClusterResourceId),
    synapseTable(p.synapseWorkspaceSqlPoolTableResourceId),
  ].filter((x): x is string => x !== undefined);
  return parts.join(' / ') || (mapping.kind ?? '');
}

export function dataSetLandings(sources: readonly ConsumerSourceDataSet[], mappings: readonly DataSetMapping[], lastDetails: readonly SynchronizationDetails[]): DataSetLanding[] {
  const byId = (id: string | undefined) => id?.toLowerCase() ?? '';
  const mapped = new Map(mappings.map((m) => [byId(m.properties?.dataSetId), m]));
  const last = new Map(lastDetails.map((d) => [byId(d.dataSetId), d]));
  return sources.map((s) => {
    const id = s.properties?.dataSetId ?? '';
    const mapping = mapped.get(byId(id));
    const detail = last.get(byId(id));
    return {
      dataSetId: id,
      name: s.properties?.dataSetName ?? s.name ?? id,
      type: s.properties?.dataSetType ?? '',
      sink: mapping ? { kind: mapping.kind ?? '', where: describeSink(mapping), broken: mapping.properties?.dataSetMappingStatus?.toLowerCase() === 'broken' } : undefined,
      lastStatus: detail?.status,
      lastMessage: detail?.message,
    };
  });
}
