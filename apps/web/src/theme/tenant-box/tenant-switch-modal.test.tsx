import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { sessionStore } from '#src/core/session/session-store';
import { testConfiguration } from '#src/test/app-configuration';
import { ToastContainer } from '../toast/toast-container';
import { toaster } from '../toast/toaster';
import { TenantSwitchModal } from './tenant-switch-modal';

const requests: { url: string; headers: Headers }[] = [];

beforeEach(() => {
  requests.length = 0;
  sessionStore.set({ tenant: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({ url, headers: new Headers(init?.headers) });
      if (url.includes('/by-name/acme'))
        return Response.json({ success: true, tenantId: 't-1', name: 'acme', isActive: true });
      if (url.includes('/by-name/'))
        return Response.json({ success: false, tenantId: null, name: null, isActive: false });
      return Response.json(testConfiguration());
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => toaster.clear());
  appConfigurationStore.set(undefined);
});

function renderModal(currentName: string | null = null) {
  const onVisibleChange = vi.fn();
  render(
    <>
      <TenantSwitchModal visible onVisibleChange={onVisibleChange} currentName={currentName} />
      <ToastContainer />
    </>,
  );
  return onVisibleChange;
}

describe('Switch Tenant modal', () => {
  it('keeps Save disabled while the name is unchanged', () => {
    renderModal('acme');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'other' } });
    expect(save).toBeEnabled();
  });

  it('looks the tenant up with an empty tenant header, stores it and reloads the configuration', async () => {
    const onVisibleChange = renderModal();
    fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onVisibleChange).toHaveBeenCalledWith(false));
    expect(requests[0]?.url).toContain('/api/abp/multi-tenancy/tenants/by-name/acme');
    expect(requests[0]?.headers.get('__tenant')).toBe('');
    expect(sessionStore.get().tenant).toEqual({ id: 't-1', name: 'acme', isAvailable: true });
    expect(requests[1]?.url).toContain('/api/abp/application-configuration');
    expect(requests[1]?.headers.get('__tenant')).toBe('t-1');
  });

  it('shows an error toast naming an unknown tenant and stays open', async () => {
    const onVisibleChange = renderModal();
    fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'ghost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ghost');
    expect(onVisibleChange).not.toHaveBeenCalled();
    expect(sessionStore.get().tenant).toBeNull();
  });

  it('clears the tenant with an empty name', async () => {
    sessionStore.set({ tenant: { id: 't-1', name: 'acme', isAvailable: true } });
    const onVisibleChange = renderModal('acme');
    fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onVisibleChange).toHaveBeenCalledWith(false));
    expect(sessionStore.get().tenant).toBeNull();
    expect(requests.every((request) => !request.url.includes('by-name'))).toBe(true);
  });
});
