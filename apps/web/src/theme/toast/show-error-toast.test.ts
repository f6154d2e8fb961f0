import { afterEach, describe, expect, it } from 'vitest';
import { RestError } from '#src/core/http/remote-service-error';
import { showErrorToast } from './show-error-toast';
import { toastStore } from './toaster';

const failure = (error: Record<string, unknown>) =>
  new RestError({
    status: 503,
    statusText: 'Service Unavailable',
    url: '/api/identity/roles',
    headers: new Headers({ _AbpErrorFormat: 'true' }),
    body: { error },
  });

describe('showErrorToast', () => {
  afterEach(() => toastStore.set([]));

  it('puts the details under the message as its title', () => {
    showErrorToast(
      failure({ message: 'The service is temporarily unavailable.', details: 'Request id: 42' }),
    );
    const [toast] = toastStore.get();
    expect(toast).toMatchObject({
      severity: 'error',
      message: 'Request id: 42',
      title: 'The service is temporarily unavailable.',
    });
  });

  it('shows the message alone when there are no details', () => {
    showErrorToast(failure({ message: 'Role name "admin" is already taken.', details: null }));
    const [toast] = toastStore.get();
    expect(toast?.message).toBe('Role name "admin" is already taken.');
    expect(toast?.title).toBeUndefined();
  });

  it("shows ABP's default text for a failure without an ABP body", () => {
    showErrorToast(new TypeError('Failed to fetch'));
    expect(toastStore.get()[0]?.message).toEqual({
      key: 'AbpUi::DefaultErrorMessage',
      defaultValue: 'An error has occurred!',
    });
  });
});
