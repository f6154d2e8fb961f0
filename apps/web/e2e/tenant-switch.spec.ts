import { expect } from '@playwright/test';
import { admin, artifacts, requestToken, useLanguage } from './support/app';
import { test } from './support/test';

test.describe('tenant switch', () => {
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'es-MX');
  });

  test('Save stays disabled while unchanged; an unknown tenant is named in an error toast', async ({
    page,
  }) => {
    await page.goto('/account/login');
    const box = page.locator('.app-tenant-box');
    await expect(box).toContainText('No seleccionado');
    await box.getByRole('button').click();
    const modal = page.getByRole('dialog');
    await expect(modal).toBeVisible();
    const save = modal.getByRole('button', { name: 'Guardar' });
    await expect(save).toBeDisabled();
    await modal.getByRole('textbox').fill('ghost-tenant');
    await expect(save).toBeEnabled();
    await page.screenshot({
      path: `${artifacts}/tenant-switch-es-MX-1280.png`,
      animations: 'disabled',
    });
    await save.click();
    await expect(page.getByRole('alert')).toContainText('ghost-tenant');
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(modal).toBeHidden();
    await expect(box).toContainText('No seleccionado');
  });

  test('an existing tenant is selected and an empty name goes back to the host', async ({
    page,
    request,
  }) => {
    const token = await requestToken(request, admin);
    const name = `acme${Date.now()}`;
    const created = await request.post('/api/multi-tenancy/tenants', {
      headers: { Authorization: `Bearer ${token.access_token}` },
      data: { name, adminEmailAddress: `admin@${name}.test`, adminPassword: 'Vineta-e2e-1!' },
    });
    expect(created.ok()).toBe(true);

    await page.goto('/account/login');
    const box = page.locator('.app-tenant-box');
    await box.getByRole('button').click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('textbox').fill(name);
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await expect(modal).toBeHidden();
    await expect(box).toContainText(name);

    await box.getByRole('button').click();
    await modal.getByRole('textbox').fill('');
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await expect(box).toContainText('No seleccionado');
  });
});
