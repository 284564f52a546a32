// Deploy of an ARM template with its parameter file: the confirmation with the what-if's changes, then the
// deployment in progress with its operations (the notification center shows the progress entry). Each picture is
// cropped to the dialog or the notifications (the package's size limit leaves little room for more pictures).
import * as shots from '../workbenchDriver';

const TEMPLATE = 'definitions/web-template.json';
const PARAMETERS = 'definitions/web-template.parameters.json';

const template = {
  $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
  contentVersion: '1.0.0.0',
  parameters: {
    containerGroupName: { type: 'string', metadata: { description: 'Name of the container group' } },
    image: { type: 'string', defaultValue: 'mcr.microsoft.com/azuredocs/aci-helloworld' },
    port: { type: 'int', defaultValue: 80 },
    apiKey: { type: 'securestring' },
  },
  resources: [
    {
      type: 'Microsoft.ContainerInstance/containerGroups',
      apiVersion: '2023-05-01',
      name: "[parameters('containerGroupName')]",
      location: '[resourceGroup().location]',
      properties: {
        containers: [
          {
            name: 'web',
            properties: {
              image: "[parameters('image')]",
              ports: [{ port: "[parameters('port')]", protocol: 'TCP' }],
              environmentVariables: [{ name: 'API_KEY', secureValue: "[parameters('apiKey')]" }],
              resources: { requests: { cpu: 1, memoryInGB: 1.5 } },
            },
          },
        ],
        osType: 'Linux',
        restartPolicy: 'Always',
        ipAddress: { type: 'Public', dnsNameLabel: "[parameters('containerGroupName')]", ports: [{ port: "[parameters('port')]", protocol: 'TCP' }] },
      },
    },
  ],
  outputs: {
    containerIPv4Address: { type: 'string', value: "[reference(resourceId('Microsoft.ContainerInstance/containerGroups', parameters('containerGroupName'))).ipAddress.ip]" },
    fqdn: { type: 'string', value: "[reference(resourceId('Microsoft.ContainerInstance/containerGroups', parameters('containerGroupName'))).ipAddress.fqdn]" },
  },
};

const parameters = {
  $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
  contentVersion: '1.0.0.0',
  parameters: { containerGroupName: { value: 'web-template' }, port: { value: 8080 }, apiKey: { value: 'demo-api-key-not-a-secret' } },
};

export const TEMPLATE_DEPLOY_STEPS: shots.ScreenshotStep[] = [
  {
    name: 'template-deploy',
    themed: true,
    files: { [TEMPLATE]: JSON.stringify(template, null, 2), [PARAMETERS]: JSON.stringify(parameters, null, 2) },
    async prepare(page, context) {
      shots.addLikeFirst(context.workspaceDir, 'containerGroups', { name: 'web-template', definitionFile: TEMPLATE });
      await shots.openViewContainer(page, shots.VIEW_CONTAINER_TITLE);
      await page.locator('.part.sidebar').getByText('web-template').first().waitFor({ timeout: 60000 });
      await shots.setSideBarWidth(page, 360);
      await shots.openFile(page, TEMPLATE);
      await shots.clickInlineAction(page, 'web-template', 'Deploy to Azure…');
      const dialog = page.locator('.monaco-dialog-box').filter({ hasText: 'What-if' });
      await dialog.waitFor({ timeout: 30000 });
      await page.mouse.move(0, 799);
      await context.capture('template-deploy-whatif', { crop: ['.monaco-dialog-box'] });
      await dialog.getByRole('button', { name: 'Deploy' }).click();
      await shots.runCommand(page, 'Notifications: Show Notifications');
      const center = page.locator('.notifications-center');
      await center.locator('.notification-list-item').filter({ hasText: /Deploying web-template.*containerGroups\/web-template/ }).first().waitFor({ timeout: 30000 });
      await page.mouse.move(0, 799);
    },
    capture: { crop: ['.notifications-center'] },
  },
];
