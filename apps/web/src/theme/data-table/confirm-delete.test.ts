import { afterEach, describe, expect, it, vi } from 'vitest';
import { RestError } from '#src/core/http/remote-service-error';
import { confirmation, confirmationStore } from '#src/theme/confirmation/confirmation';
import { toastStore } from '#src/theme/toast/toaster';
import { confirmDelete } from './confirm-delete';

const message = { key: 'AbpTenantManagement::TenantDeletionConfirmationMessage', params: ['acme'] };

afterEach(() => {
  confirmation.clear();
  toastStore.set([]);
});

describe('confirmDelete', () => {
  it('asks with a warning and deletes nothing when the user says no', async () => {
    const remove = vi.fn(async () => undefined);
    const answer = confirmDelete({ message, remove });
    expect(confirmationStore.get()).toMatchObject({
      severity: 'warning',
      message,
      title: 'AbpUi::AreYouSure',
      options: { destructive: true },
    });
    confirmation.clear('reject');
    expect(await answer).toBe(false);
    expect(remove).not.toHaveBeenCalled();
    expect(toastStore.get()).toEqual([]);
  });

  it('deletes after the confirmation and says so', async () => {
    const remove = vi.fn(async () => undefined);
    const answer = confirmDelete({ message, title: 'AbpIdentity::AreYouSure', remove });
    expect(confirmationStore.get()?.title).toBe('AbpIdentity::AreYouSure');
    confirmation.clear('confirm');
    expect(await answer).toBe(true);
    expect(remove).toHaveBeenCalledOnce();
    expect(toastStore.get()).toMatchObject([
      { severity: 'success', message: 'AbpUi::SuccessfullyDeleted' },
    ]);
  });

  it("shows the server's message when the delete fails", async () => {
    const error = new RestError({
      status: 403,
      statusText: 'Forbidden',
      url: '/api/multi-tenancy/tenants/1',
      body: { error: { message: 'No se permite.' } },
    });
    const answer = confirmDelete({ message, remove: () => Promise.reject(error) });
    confirmation.clear('confirm');
    expect(await answer).toBe(false);
    expect(toastStore.get()).toMatchObject([{ severity: 'error', message: 'No se permite.' }]);
  });
});
