// Deploy of an ARM template with its parameter file: the confirmation with the what-if's changes, then the
// deployment in progress with its operations (the notification center shows the progress entry). Each picture is
// cropped to the dialog or the notifications (the package's size limit leaves little room for more pictures).
import { containerGroupTemplate, parameterFile } from '../definitionFixtures';
import * as shots from '../workbenchDriver';

const TEMPLATE = 'definitions/web-template.json';
const PARAMETERS = 'definitions/web-template.parameters.json';

const template = containerGroupTemplate({
  parameters: { apiKey: { type: 'securestring' } },
  env: [{ name: 'API_KEY', secureValue: "[parameters('apiKey')]" }],
  dnsNameLabel: "[parameters('containerGroupName')]",
  fqdnOutput: true,
});
const parameters = parameterFile({ containerGroupName: 'web-template', port: 8080, apiKey: 'demo-api-key-not-a-secret' });

export const TEMPLATE_DEPLOY_STEPS: shots.ScreenshotStep[] = [
  {
    name: 'template-deploy',
    themed: true,
    files: { [TEMPLATE]: template, [PARAMETERS]: parameters },
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
