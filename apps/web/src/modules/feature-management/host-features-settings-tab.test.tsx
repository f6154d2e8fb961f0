import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fakeFeatureServer,
  featureList,
  loadFeatureConfiguration,
  renderWithProviders,
  resetFeatureState,
} from './feature-management-test-kit';
import { HostFeaturesSettingsTab } from './host-features-settings-tab';

afterEach(resetFeatureState);

describe('Feature management settings tab', () => {
  it("opens the modal for the host's own features", async () => {
    const requests = fakeFeatureServer(featureList(null), await loadFeatureConfiguration());
    renderWithProviders(<HostFeaturesSettingsTab />);
    expect(screen.getByRole('heading', { name: 'Feature management' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Manage host features' }));
    await screen.findByRole('tab', { name: 'Stories' });
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Host features');
    const [load] = requests;
    expect(load?.query.get('providerName')).toBe('T');
    expect(load?.query.has('providerKey')).toBe(false);
  });

  it('saves when its form is submitted (what Enter in a field does), as ABP does', async () => {
    const requests = fakeFeatureServer(featureList(null), await loadFeatureConfiguration());
    renderWithProviders(<HostFeaturesSettingsTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Manage host features' }));
    const maxCount = await screen.findByRole('spinbutton', { name: /Maximum stories/ });
    fireEvent.input(maxCount, { target: { value: '30' } });
    fireEvent.submit(maxCount.closest('form') as HTMLFormElement);
    await screen.findByText('Saved successfully');
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      features: [{ name: 'Stories.MaxCount', value: '30' }],
    });
    // Saved and closed: the dialog is gone, the tab stays.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
