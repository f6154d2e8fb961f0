import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TenantDto } from '@vineta/contracts/tenant-management/tenant';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { applyLocalization } from '#src/core/localization/i18n';
import { testConfiguration } from '#src/test/app-configuration';
import { fakeServer, type Handler, type RecordedRequest } from '#src/test/fake-server';
import { renderWithProviders } from '#src/test/render-with-providers';
import { tenantTexts, uiTexts, validationTexts } from '#src/test/server-texts';
import { toaster } from '#src/theme/toast/toaster';
import { TenantsPage } from './tenants-page';

const acme: TenantDto = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  name: 'acme',
  isActive: true,
  concurrencyStamp: 'stamp',
  extraProperties: {},
};

const every = {
  'AbpTenantManagement.Tenants': true,
  'AbpTenantManagement.Tenants.Create': true,
  'AbpTenantManagement.Tenants.Update': true,
  'AbpTenantManagement.Tenants.Delete': true,
  'AbpTenantManagement.Tenants.ManageConnectionStrings': true,
};

async function signedInWith(
  policies: Record<string, boolean>,
  engine: string | undefined = 'sqlite',
) {
  const configuration = testConfiguration({
    culture: 'en',
    authenticated: true,
    policies,
    values: {
      AbpTenantManagement: tenantTexts.texts,
      AbpUi: uiTexts.texts,
      AbpValidation: validationTexts.texts,
    } as Record<string, Record<string, string>>,
  });
  if (engine) configuration.extraProperties = { 'TenantManagement.DatabaseEngine': engine };
  await applyLocalization(configuration);
  appConfigurationStore.set(configuration);
}

const moveWarning =
  "The current users, roles, permissions and settings of 'acme' stay in the database it uses now and are not copied.";

/** Clicks Save, then answers the question about the tenant's data with `answer`. */
async function saveAndAnswer(dialog: HTMLElement, answer: 'Yes' | 'Cancel') {
  const save = within(dialog).getByRole('button', { name: 'Save' });
  await waitFor(() => expect(save).toBeEnabled());
  // As a click in a browser does.
  save.focus();
  fireEvent.click(save);
  const question = await screen.findByRole('alertdialog');
  expect(question).toHaveTextContent(moveWarning);
  fireEvent.click(within(question).getByRole('button', { name: answer }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

const connectionString = `/api/multi-tenancy/tenants/${acme.id}/default-connection-string`;

/** The tenants list, and the connection string `stored` (none: 204). */
function serve(stored: string | null, ...more: Handler[]): RecordedRequest[] {
  return fakeServer(
    ...more,
    (request) =>
      request.path === '/api/multi-tenancy/tenants' && request.method === 'GET'
        ? Response.json({ totalCount: 1, items: [acme] })
        : undefined,
    (request) => {
      if (request.path !== connectionString) return undefined;
      if (request.method === 'GET')
        return stored === null
          ? new Response(null, { status: 204 })
          : new Response(stored, { headers: { 'Content-Type': 'text/plain' } });
      return new Response(null, { status: 204 });
    },
  );
}

async function openConnectionStrings() {
  renderWithProviders(<TenantsPage />);
  const row = (await screen.findByText('acme')).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: /Actions/ }));
  fireEvent.click(within(row).getByRole('button', { name: 'Manage connection strings' }));
  // The loading modal gives way to the form's once the stored value arrived.
  await screen.findByLabelText('Use the Shared Database');
  return screen.getByRole('dialog');
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toaster.clear());
  appConfigurationStore.set(undefined);
});

describe('Tenants page', () => {
  it('lists name and state; a viewer gets neither New tenant nor an Actions column', async () => {
    await signedInWith({ 'AbpTenantManagement.Tenants': true });
    const requests = serve(null);
    renderWithProviders(<TenantsPage />);
    const row = (await screen.findByText('acme')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New tenant' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(requests[0]?.query.get('maxResultCount')).toBe('10');
  });

  it('shows only the actions granted: Edit alone is a plain button', async () => {
    await signedInWith({
      'AbpTenantManagement.Tenants': true,
      'AbpTenantManagement.Tenants.Update': true,
      // No feature modal is registered, so this grant alone adds no action.
      'AbpTenantManagement.Tenants.ManageFeatures': true,
    });
    serve(null, (request) =>
      request.path === `/api/multi-tenancy/tenants/${acme.id}` ? Response.json(acme) : undefined,
    );
    renderWithProviders(<TenantsPage />);
    const row = (await screen.findByText('acme')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: /Actions/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    // The dialog names the tenant it edits once it has it.
    expect(await screen.findByRole('dialog', { name: 'Edit acme' })).toBeInTheDocument();
  });

  it('connection strings: 204 means shared; a new string is PUT in the query string', async () => {
    await signedInWith(every);
    const requests = serve(null);
    const dialog = await openConnectionStrings();
    const shared = await within(dialog).findByLabelText('Use the Shared Database');
    expect(shared).toBeChecked();
    expect(within(dialog).queryByLabelText('Default Connection String')).toBeNull();
    fireEvent.click(shared);
    const input = await within(dialog).findByLabelText('Default Connection String');
    fireEvent.input(input, { target: { value: 'tenants/acme.sqlite' } });
    // Cancelled, nothing is sent and the form stays.
    await saveAndAnswer(dialog, 'Cancel');
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveFocus();
    await saveAndAnswer(dialog, 'Yes');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(connectionString);
    expect(put?.query.get('defaultConnectionString')).toBe('tenants/acme.sqlite');
    expect(put?.body).toBeUndefined();
  });

  it("connection strings: the server's reason shows under the field, nothing closes", async () => {
    await signedInWith(every);
    serve(null, (request) =>
      request.method === 'PUT'
        ? Response.json(
            {
              error: {
                code: 'Volo.Abp.TenantManagement:InvalidConnectionString',
                message: 'The connection string is not valid.',
                details: 'A tenant database must use SQLite, as the shared one does.',
              },
            },
            { status: 400 },
          )
        : undefined,
    );
    const dialog = await openConnectionStrings();
    fireEvent.click(await within(dialog).findByLabelText('Use the Shared Database'));
    const input = await within(dialog).findByLabelText('Default Connection String');
    fireEvent.input(input, { target: { value: 'postgres://db/acme' } });
    await saveAndAnswer(dialog, 'Yes');
    expect(
      await within(dialog).findByText(
        'The connection string is not valid. A tenant database must use SQLite, as the shared one does.',
      ),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('connection strings: switching back to the shared database DELETEs the stored one', async () => {
    await signedInWith(every);
    const requests = serve('tenants/acme.sqlite');
    const dialog = await openConnectionStrings();
    const shared = await within(dialog).findByLabelText('Use the Shared Database');
    expect(shared).not.toBeChecked();
    expect(within(dialog).getByLabelText('Default Connection String')).toHaveValue(
      'tenants/acme.sqlite',
    );
    fireEvent.click(shared);
    await saveAndAnswer(dialog, 'Yes');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((request) => request.method !== 'GET')).toMatchObject([
      { method: 'DELETE', path: connectionString },
    ]);
  });

  it('connection strings: saving the stored string again asks nothing', async () => {
    await signedInWith(every);
    const requests = serve('tenants/acme.sqlite');
    const dialog = await openConnectionStrings();
    const input = within(dialog).getByLabelText('Default Connection String');
    fireEvent.input(input, { target: { value: 'tenants/other.sqlite' } });
    fireEvent.input(input, { target: { value: ' tenants/acme.sqlite ' } });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(
      requests.find((request) => request.method === 'PUT')?.query.get('defaultConnectionString'),
    ).toBe('tenants/acme.sqlite');
  });

  it.each([
    ['sqlite', /^A SQLite file path inside the data folder.*current data is not copied\.$/],
    ['postgres', /^A PostgreSQL URL, for example postgres:\/\/.*current data is not copied\.$/],
  ])('connection strings: the hint asks for what a %s deployment accepts', async (engine, hint) => {
    await signedInWith(every, engine);
    serve(null);
    const dialog = await openConnectionStrings();
    fireEvent.click(within(dialog).getByLabelText('Use the Shared Database'));
    const input = await within(dialog).findByLabelText('Default Connection String');
    expect(input).toHaveAccessibleDescription(hint);
  });
});
