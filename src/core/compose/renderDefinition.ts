/**
 * The converted group as the text of a definition file: YAML in the `az container create --file` format
 * (written with YAML 1.1 rules, so values such as `on` or dates stay quoted for that reader), or an ARM
 * template of the one container group (a literal location and no parameters: it deploys as the group itself).
 */
import { Document } from 'yaml';

export type RenderFormat = 'yaml' | 'arm';

export function renderDefinition(definition: Record<string, unknown>, format: RenderFormat, header: string[]): string {
  if (format === 'arm') {
    const { apiVersion, name, location, properties } = definition;
    const template = {
      $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
      contentVersion: '1.0.0.0',
      metadata: { comments: header.join(' ') },
      resources: [{ type: 'Microsoft.ContainerInstance/containerGroups', apiVersion, name, location, properties }],
    };
    return JSON.stringify(template, null, 2) + '\n';
  }
  const doc = new Document(definition, { version: '1.1' });
  doc.commentBefore = header.map((l) => ` ${l}`).join('\n');
  return doc.toString({ lineWidth: 0 });
}
