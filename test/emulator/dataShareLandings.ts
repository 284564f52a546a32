// The data sets a share subscription receives and where each lands: ConsumerSourceDataSets and DataSetMappings.
//
// Sources (Azure/azure-rest-api-specs specification/datashare/resource-manager/Microsoft.DataShare/stable/2021-08-01):
// - examples/ConsumerSourceDataSets_ListByShareSubscription.json: GET …/consumerSourceDataSets answers {value: [{id,
//   name, type: Microsoft.DataShare/accounts/sharesubscriptions/consumerSourceDataSets, properties: {dataSetId,
//   dataSetType, dataSetName, dataSetPath}}]}.
// - examples/DataSetMappings_ListByShareSubscription.json: GET …/dataSetMappings answers {value: [{kind, properties:
//   {dataSetId, storageAccountName, filePath, containerName, subscriptionId, resourceGroup}, id, name, type}]}; the
//   other kinds' sink properties are DataShare.json's *DataSetMapping definitions (BlobFolder prefix; AdlsGen2
//   fileSystem / folderPath / filePath; SqlDB and SqlDW sqlServerResourceId, databaseName or dataWarehouseName,
//   schemaName, tableName; Kusto kustoClusterResourceId; SynapseWorkspaceSqlPoolTable its table's resource id) with
//   dataSetMappingStatus Ok|Broken.
// The data sets are the ones the synchronization details list (dataShareGenerator.ts): same ids, types and names.
// - examples/DataSetMappings_Create.json: PUT …/dataSetMappings/{name} {kind, properties: {dataSetId, …}} answers 201
//   when new, 200 when replaced, echoing kind and properties with id, name and type; every *DataSetMappingProperties
//   of DataShare.json requires dataSetId. DataSetMappings_ListByShareSubscription takes $filter and $orderby (its
//   example: filter "name eq 'DatasetMapping1'", orderBy "name"), applied here to name and kind.
// Every seventh data set (index 3, 10, 17, …) is left unmapped, as a consumer who has not mapped it yet
// (https://learn.microsoft.com/azure/data-share/how-to-configure-mapping); consumers cannot map to ADLS Gen1, so
// Gen1 data sets land in an ADLS Gen2 folder.
import type { RequestContext } from './context';
import { generateDetails, type SynchronizationDetail } from './dataShareGenerator';
import { bodyOf, shareSubscriptionKey } from './dataShareLive';
import { applyFilter, applyOrderBy, parseFilter, parseOrderBy } from './dataShareQuery';
import { dataShareError, jsonReply, type Reply } from './reply';

const MAPPINGS_PAGE_SIZE = 50;

export function isUnmapped(index: number): boolean {
  return index % 7 === 3;
}

function shareSubscriptionId(ctx: RequestContext): string {
  const p = ctx.params;
  return `/subscriptions/${p.subscriptionId}/resourceGroups/${p.resourceGroup}/providers/Microsoft.DataShare/accounts/${p.account}/shareSubscriptions/${p.shareSubscription}`;
}

/** The share subscription's data sets (the identities the details listings use). */
export function sourceDataSets(account: string, shareSubscription: string): SynchronizationDetail[] {
  return generateDetails(account.toLowerCase(), shareSubscription.toLowerCase(), 'source-data-sets');
}

function sink(ctx: RequestContext, d: SynchronizationDetail, index: number): { kind: string; properties: Record<string, unknown> } {
  const p = ctx.params;
  const rg = `/subscriptions/${p.subscriptionId}/resourceGroups/${p.resourceGroup}`;
  const storage = { storageAccountName: 'contosolanding', subscriptionId: p.subscriptionId, resourceGroup: p.resourceGroup };
  const sqlServerResourceId = `${rg}/providers/Microsoft.Sql/servers/contoso-sql`;
  const kustoClusterResourceId = `${rg}/providers/Microsoft.Kusto/clusters/contosoadx`;
  const table = `table_${String(index).padStart(5, '0')}`;
  switch (d.dataSetType) {
    case 'Blob':
      return { kind: 'Blob', properties: { ...storage, containerName: 'landing', filePath: `incoming/${d.name}` } };
    case 'BlobFolder':
      return { kind: 'BlobFolder', properties: { ...storage, containerName: 'landing', prefix: `incoming/${d.name}` } };
    case 'Container':
      return { kind: 'Container', properties: { ...storage, containerName: `landing-${index}` } };
    case 'AdlsGen2File':
      return { kind: 'AdlsGen2File', properties: { ...storage, fileSystem: 'lake', filePath: `raw/${d.name}` } };
    case 'AdlsGen2FileSystem':
      return { kind: 'AdlsGen2FileSystem', properties: { ...storage, fileSystem: `lake-${index}` } };
    case 'AdlsGen2Folder':
    case 'AdlsGen1File':
    case 'AdlsGen1Folder':
      return { kind: 'AdlsGen2Folder', properties: { ...storage, fileSystem: 'lake', folderPath: `raw/${d.name}` } };
    case 'KustoCluster':
    case 'KustoDatabase':
    case 'KustoTable':
      return { kind: d.dataSetType, properties: { kustoClusterResourceId, location: 'westeurope' } };
    case 'SqlDWTable':
      return { kind: 'SqlDWTable', properties: { sqlServerResourceId, dataWarehouseName: 'contoso-dw', schemaName: 'dbo', tableName: table } };
    case 'SynapseWorkspaceSqlPoolTable':
      return { kind: 'SynapseWorkspaceSqlPoolTable', properties: { synapseWorkspaceSqlPoolTableResourceId: `${rg}/providers/Microsoft.Synapse/workspaces/contoso-syn/sqlPools/pool1/schemas/dbo/tables/${table}` } };
    default:
      return { kind: 'SqlDBTable', properties: { sqlServerResourceId, databaseName: 'contoso-db', schemaName: 'dbo', tableName: table } };
  }
}

/** One page of a GET listing, continued by a nextLink carrying $skipToken (the offset). */
function getPage<T>(ctx: RequestContext, items: T[], pageSize: number): Reply {
  const offset = Math.max(0, Number(ctx.url.searchParams.get('$skipToken') ?? 0) || 0);
  const body: { value: T[]; nextLink?: string } = { value: items.slice(offset, offset + pageSize) };
  if (offset + pageSize < items.length) {
    body.nextLink = `${ctx.state.baseUrl}${ctx.url.pathname}?api-version=2021-08-01&$skipToken=${offset + pageSize}`;
  }
  return jsonReply(200, body);
}

export function listConsumerSourceDataSets(ctx: RequestContext): Reply {
  const base = shareSubscriptionId(ctx);
  const items = sourceDataSets(ctx.params.account, ctx.params.shareSubscription).map((d) => ({
    properties: { dataSetId: d.dataSetId, dataSetType: d.dataSetType, dataSetName: d.name, dataSetPath: d.name },
    id: `${base}/consumerSourceDataSets/${d.dataSetId}`,
    name: d.name,
    type: 'Microsoft.DataShare/accounts/sharesubscriptions/consumerSourceDataSets',
  }));
  return getPage(ctx, items, MAPPINGS_PAGE_SIZE);
}

export function listDataSetMappings(ctx: RequestContext): Reply {
  const filter = parseFilter(ctx.url.searchParams.get('$filter'), { name: ['eq', 'ne'], kind: ['eq', 'ne'] });
  if (!filter.ok) return dataShareError(400, filter.error);
  const order = parseOrderBy(ctx.url.searchParams.get('$orderby'), ['name', 'kind']);
  if (!order.ok) return dataShareError(400, order.error);
  const created = ctx.state.dataShare.mappingsOf(shareSubscriptionKey(ctx.params));
  const generated = generatedMappings(ctx).filter((m) => !created.has(m.name.toLowerCase()));
  const items = applyOrderBy(applyFilter([...generated, ...created.values()], filter.value), order.value);
  return getPage(ctx, items, MAPPINGS_PAGE_SIZE);
}

export function putDataSetMapping(ctx: RequestContext): Reply {
  const body = bodyOf(ctx);
  const props = body?.properties as Record<string, unknown> | undefined;
  // Emulator wording: no published example shows these refusals.
  if (typeof body?.kind !== 'string' || body.kind === '') return dataShareError(400, { code: 'InvalidRequestContent', message: "The data set mapping's kind is required.", target: 'kind' });
  if (typeof props?.dataSetId !== 'string' || props.dataSetId === '') {
    return dataShareError(400, { code: 'InvalidRequestContent', message: "The property 'dataSetId' is required.", target: 'properties.dataSetId' });
  }
  const created = ctx.state.dataShare.mappingsOf(shareSubscriptionKey(ctx.params));
  const name = ctx.params.mapping;
  const existed = created.has(name.toLowerCase());
  const mapping = { kind: body.kind, properties: props, id: `${shareSubscriptionId(ctx)}/dataSetMappings/${name}`, name, type: 'Microsoft.DataShare/accounts/shareSubscriptions/dataSetMappings' };
  created.set(name.toLowerCase(), mapping);
  return jsonReply(existed ? 200 : 201, mapping);
}

function generatedMappings(ctx: RequestContext): { kind: string; name: string; properties: Record<string, unknown>; id: string; type: string }[] {
  const base = shareSubscriptionId(ctx);
  return sourceDataSets(ctx.params.account, ctx.params.shareSubscription).flatMap((d, i) => {
    if (isUnmapped(i)) return [];
    const { kind, properties } = sink(ctx, d, i);
    const name = `mapping-${String(i).padStart(5, '0')}`;
    return [
      {
        kind,
        properties: { dataSetId: d.dataSetId, dataSetMappingStatus: 'Ok', provisioningState: 'Succeeded', ...properties },
        id: `${base}/dataSetMappings/${name}`,
        name,
        type: 'Microsoft.DataShare/accounts/shareSubscriptions/dataSetMappings',
      },
    ];
  });
}
