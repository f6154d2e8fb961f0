import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeatureManagementModal } from './feature-management-modal';
import {
  fakeFeatureServer,
  featureList,
  loadFeatureConfiguration,
  renderWithProviders,
  resetFeatureState,
} from './feature-management-test-kit';

afterEach(resetFeatureState);

interface SetUpOptions {
  /** The tenant being edited; null for the host. */
  providerKey?: string | null;
  /** The signed-in session's tenant. */
  currentTenant?: string | null;
  list?: ReturnType<typeof featureList>;
  holdPut?: Promise<void>;
}

async function setUp(options: SetUpOptions = {}) {
  const providerKey = options.providerKey === undefined ? 'tenant-1' : options.providerKey;
  const configuration = await loadFeatureConfiguration(options.currentTenant ?? null);
  const requests = fakeFeatureServer(
    options.list ?? featureList(providerKey),
    configuration,
    options.holdPut ? { holdPut: options.holdPut } : {},
  );
  const onVisibleChange = vi.fn();
  renderWithProviders(
    <FeatureManagementModal
      providerName="T"
      {...(providerKey ? { providerKey, displayName: 'Acme' } : {})}
      visible
      onVisibleChange={onVisibleChange}
    />,
  );
  // The loading modal is replaced by the form once the list is in.
  const firstGroup = options.list ? options.list.groups[0]?.displayName : 'Stories';
  if (firstGroup) await screen.findByRole('tab', { name: firstGroup });
  else await screen.findByText("There isn't any available feature.");
  const dialog = screen.getByRole('dialog');
  return { requests, onVisibleChange, dialog };
}

const puts = (requests: Awaited<ReturnType<typeof setUp>>['requests']) =>
  requests.filter((request) => request.method === 'PUT');
const configurationLoads = (requests: Awaited<ReturnType<typeof setUp>>['requests']) =>
  requests.filter((request) => request.path === '/api/abp/application-configuration').length;

describe('Feature management modal', () => {
  it("is titled with the tenant's name, or as the host's features", async () => {
    const { dialog } = await setUp();
    expect(dialog).toHaveAccessibleName('Features - Acme');
    resetFeatureState();
    document.body.innerHTML = '';
    const host = await setUp({ providerKey: null });
    expect(host.dialog).toHaveAccessibleName('Host features');
    expect(host.requests[0]?.query.has('providerKey')).toBe(false);
  });

  it('shows each value type with its control, the groups as tabs and where a value comes from', async () => {
    const { dialog } = await setUp();
    expect(within(dialog).getByRole('tab', { name: 'Stories' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('switch', { name: /Enable stories/ })).toBeChecked();
    // The stored "True" of a toggle counts as on.
    expect(screen.getByRole('switch', { name: /Allow comments/ })).toBeChecked();
    const maxCount = screen.getByRole('spinbutton', { name: 'Maximum stories' });
    expect(maxCount).toHaveValue(10);
    expect(maxCount).toHaveAccessibleDescription('How many stories a tenant may publish.');
    // A default value is marked as such; the tenant's own value is not.
    expect(
      screen.getByRole('switch', { name: 'Enable stories Default value' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Maximum stories' })).toBeInTheDocument();
    // Children are indented 20 px per level (logical property: right-to-left aware).
    const images = screen.getByRole('switch', { name: /Images in comments/ });
    expect(images.closest('.form-check')).toHaveStyle({ marginInlineStart: '40px' });

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Branding' }));
    expect(screen.getByRole('textbox', { name: /Brand code/ })).toHaveValue('ABC');
    const theme = screen.getByRole('combobox', { name: /Theme/ });
    expect(
      within(theme)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Light', 'Dark']);
  });

  it('switches children off with their parent and disables them; a child on keeps the parent on', async () => {
    await setUp();
    fireEvent.click(screen.getByRole('switch', { name: /Enable stories/ }));
    const comments = screen.getByRole('switch', { name: /Allow comments/ });
    expect(comments).not.toBeChecked();
    expect(comments).toBeDisabled();
    expect(screen.getByRole('switch', { name: /Images in comments/ })).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: /Maximum stories/ })).toBeDisabled();

    fireEvent.click(screen.getByRole('switch', { name: /Enable stories/ }));
    expect(comments).toBeEnabled();
    fireEvent.click(comments);
    fireEvent.click(screen.getByRole('switch', { name: /Images in comments/ }));
    expect(screen.getByRole('switch', { name: /Enable stories/ })).toBeChecked();
    expect(comments).toBeChecked();
  });

  it('validates numbers and texts with their validators and saves nothing while invalid', async () => {
    const { requests, dialog } = await setUp();
    const maxCount = screen.getByRole('spinbutton', { name: /Maximum stories/ });
    fireEvent.input(maxCount, { target: { value: '101' } });
    expect(await screen.findByText('This field must be between 1 and 100.')).toBeInTheDocument();
    expect(maxCount).toHaveAttribute('aria-invalid', 'true');
    fireEvent.input(maxCount, { target: { value: '50' } });
    expect(screen.queryByText('This field must be between 1 and 100.')).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Branding' }));
    fireEvent.input(screen.getByRole('textbox', { name: /Brand code/ }), {
      target: { value: 'abcdef' },
    });
    expect(screen.getByText('Max. 5 characters are allowed. (has 6)')).toBeInTheDocument();
    // Save shows the invalid group and sends nothing.
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Stories' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('tab', { name: 'Branding' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    fireEvent.input(screen.getByRole('textbox', { name: /Brand code/ }), {
      target: { value: 'ab' },
    });
    expect(screen.getByText('Invalid pattern. Please review your input.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(puts(requests)).toEqual([]);
  });

  it('saves only the changed values, toasts and closes', async () => {
    const { requests, onVisibleChange, dialog } = await setUp();
    fireEvent.input(screen.getByRole('spinbutton', { name: /Maximum stories/ }), {
      target: { value: '25' },
    });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Branding' }));
    fireEvent.change(screen.getByRole('combobox', { name: /Theme/ }), {
      target: { value: 'dark' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onVisibleChange).toHaveBeenCalledWith(false));
    const [put] = puts(requests);
    expect(put?.query.get('providerName')).toBe('T');
    expect(put?.query.get('providerKey')).toBe('tenant-1');
    expect(put?.body).toEqual({
      features: [
        { name: 'Stories.MaxCount', value: '25' },
        { name: 'Branding.Theme', value: 'dark' },
      ],
    });
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    // Another tenant than the session's: its configuration is not reloaded.
    expect(configurationLoads(requests)).toBe(0);
  });

  it("reloads the configuration after saving the session's own tenant, or the host's features on the host", async () => {
    const tenant = await setUp({ currentTenant: 'tenant-1' });
    fireEvent.click(screen.getByRole('switch', { name: /Allow comments/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(tenant.onVisibleChange).toHaveBeenCalledWith(false));
    expect(configurationLoads(tenant.requests)).toBe(1);

    resetFeatureState();
    document.body.innerHTML = '';
    const host = await setUp({ providerKey: null });
    fireEvent.click(screen.getByRole('switch', { name: /Allow comments/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(host.onVisibleChange).toHaveBeenCalledWith(false));
    expect(configurationLoads(host.requests)).toBe(1);
  });

  it("shows the server's refusal and stays open, with the values kept", async () => {
    // A free text the client lets through (no pattern) and the server refuses.
    const list = featureList();
    const code = list.groups[1]?.features[0];
    if (code?.valueType.name !== 'FreeTextStringValueType') throw new Error('test data');
    code.valueType.validator = {
      name: 'STRING',
      properties: {},
      allowNull: true,
      minLength: 0,
      maxLength: 0,
      regularExpression: null,
    };
    const { onVisibleChange, dialog } = await setUp({ list });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Branding' }));
    fireEvent.input(screen.getByRole('textbox', { name: /Brand code/ }), {
      target: { value: 'invalid' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText("The value of the feature 'Branding.Code' is not valid."),
    ).toBeInTheDocument();
    expect(onVisibleChange).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Brand code/ })).toHaveValue('invalid');
  });

  it('resets to the defaults after confirmation and shows the reloaded values', async () => {
    const { requests } = await setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(
      'The features will be reset to their default values. Do you want to continue?',
    );
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }),
    );
    expect(
      await screen.findByText('The features were reset to their default values.'),
    ).toBeInTheDocument();
    const reset = requests.find((request) => request.method === 'DELETE');
    expect(reset?.query.get('providerKey')).toBe('tenant-1');
    // Reloaded: the tenant's own value now shows as the default's.
    expect(
      await screen.findByRole('spinbutton', { name: 'Maximum stories Default value' }),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'GET')).toHaveLength(2);
  });

  it('cannot be closed while saving, and asks before closing with unsaved changes', async () => {
    let release = () => {};
    const holdPut = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { onVisibleChange } = await setUp({ holdPut });
    fireEvent.click(screen.getByRole('switch', { name: /Allow comments/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onVisibleChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    release();
    await waitFor(() => expect(onVisibleChange).toHaveBeenCalledWith(false));
  });

  it('closes when the list cannot be loaded, rather than stay on Loading... unclosable', async () => {
    await loadFeatureConfiguration(null);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: { code: null, message: 'There is no tenant!' } }, { status: 404 }),
      ),
    );
    const onVisibleChange = vi.fn();
    renderWithProviders(
      <FeatureManagementModal
        providerName="T"
        providerKey="gone"
        visible
        onVisibleChange={onVisibleChange}
      />,
    );
    await waitFor(() => expect(onVisibleChange).toHaveBeenCalledWith(false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when there is no feature, without Save or Reset', async () => {
    await setUp({ list: { groups: [] } });
    expect(await screen.findByText("There isn't any available feature.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset to default' })).not.toBeInTheDocument();
  });
});
