/**
 * Where each data set of a share subscription lands: its source data set joined with its mapping (by dataSetId)
 * and with its status in the latest synchronization. The sink is told in the words of its kind: storage account /
 * container / path for storage, server / database / schema.table for SQL, the cluster for Kusto. Records are read
 * field by field: one the service sends malformed (not an object, or a data set id that is not text) is skipped and
 * counted, and a field of the wrong type reads as absent, so one bad record never costs the whole list.
 */
import type { DataSetMapping } from '../services/dataShareConsumer';

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
  const p = record(mapping.properties) ?? {};
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
  return parts.join(' / ') || (str(mapping.kind) ?? '');
}

export interface Landings {
  landings: DataSetLanding[];
  /** Records left out because they could not be read (source data sets, mappings and details together). */
  skipped: number;
}

const record = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const propsOf = (r: Record<string, unknown>): Record<string, unknown> => record(r.properties) ?? {};

/** The record's data set id, lower-cased for joining; undefined when the record cannot be read. */
function idOf(r: unknown, inProperties: boolean): string | undefined {
  const rec = record(r);
  if (!rec) return undefined;
  const id = inProperties ? propsOf(rec).dataSetId : rec.dataSetId;
  return typeof id === 'string' ? id : undefined;
}

export function dataSetLandings(sources: readonly unknown[], mappings: readonly unknown[], lastDetails: readonly unknown[]): Landings {
  let skipped = 0;
  const index = (items: readonly unknown[], inProperties: boolean): Map<string, Record<string, unknown>> => {
    const map = new Map<string, Record<string, unknown>>();
    for (const item of items) {
      const id = idOf(item, inProperties);
      if (id === undefined) skipped++;
      else map.set(id.toLowerCase(), item as Record<string, unknown>);
    }
    return map;
  };
  const mapped = index(mappings, true);
  const last = index(lastDetails, false);
  const landings: DataSetLanding[] = [];
  for (const s of sources) {
    const id = idOf(s, true);
    if (id === undefined) {
      skipped++;
      continue;
    }
    const source = s as Record<string, unknown>;
    const props = propsOf(source);
    const mapping = mapped.get(id.toLowerCase()) as DataSetMapping | undefined;
    const detail = last.get(id.toLowerCase());
    landings.push({
      dataSetId: id,
      name: str(props.dataSetName) ?? str(source.name) ?? id,
      type: str(props.dataSetType) ?? '',
      sink: mapping ? { kind: str(mapping.kind) ?? '', where: describeSink(mapping), broken: str(propsOf(mapping as Record<string, unknown>).dataSetMappingStatus)?.toLowerCase() === 'broken' } : undefined,
      lastStatus: str(detail?.status),
      lastMessage: str(detail?.message),
    });
  }
  return { landings, skipped };
}
