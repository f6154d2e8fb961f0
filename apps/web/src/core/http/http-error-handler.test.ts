import { describe, expect, it, vi } from 'vitest';
import { defaultErrorMessages, serverUnreachable } from './default-error-messages';
import { createHttpErrorHandler, type HttpErrorPresenter } from './http-error-handler';
import { RestError } from './remote-service-error';

function presenter() {
  let close: () => void = () => undefined;
  const mock = {
    showErrorScreen: vi.fn(),
    showErrorDialog: vi.fn(
      () => new Promise<unknown>((resolve) => (close = () => resolve('confirm'))),
    ),
    navigateToLogin: vi.fn(),
    leaveTenant: vi.fn(),
  } satisfies HttpErrorPresenter;
  return { mock, closeDialog: () => close() };
}

function restError(status: number, body?: unknown, abp = false, statusText = 'x'): RestError {
  const headers = new Headers(abp ? { _AbpErrorFormat: 'true' } : {});
  return new RestError({
    status,
    statusText,
    url: '/api/x',
    headers,
    body,
    message: 'Http failure',
  });
}

describe('HTTP error handling (SPEC.md section 8)', () => {
  it('shows an ABP error body in a dialog: details as the message, message as the title', () => {
    const { mock } = presenter();
    createHttpErrorHandler(mock)(
      restError(
        400,
        { error: { message: 'Your request is not valid!', details: 'Name is required.' } },
        true,
      ),
    );
    expect(mock.showErrorDialog).toHaveBeenCalledWith(
      'Name is required.',
      'Your request is not valid!',
    );
    expect(mock.showErrorScreen).not.toHaveBeenCalled();
  });

  it('uses the default title when the ABP body has only a message', () => {
    const { mock } = presenter();
    createHttpErrorHandler(mock)(
      restError(403, { error: { message: 'Static roles can not be deleted.' } }, true),
    );
    expect(mock.showErrorDialog).toHaveBeenCalledWith(
      'Static roles can not be deleted.',
      defaultErrorMessages.defaultError.title,
    );
  });

  it('goes to sign-in after the dialog of an ABP 401 closes', async () => {
    const { mock, closeDialog } = presenter();
    createHttpErrorHandler(mock)(restError(401, { error: { message: 'Unauthorized' } }, true));
    expect(mock.navigateToLogin).not.toHaveBeenCalled();
    closeDialog();
    await vi.waitFor(() => expect(mock.navigateToLogin).toHaveBeenCalledOnce());
  });

  it.each([
    [403, 'AbpUiMultiTenancy:GivenTenantIsNotActive'],
    [404, 'AbpUiMultiTenancy:GivenTenantIsNotAvailable'],
  ] as const)(
    'leaves a tenant that answers %i %s, once its dialog closes',
    async (status, code) => {
      const { mock, closeDialog } = presenter();
      const message = 'The given tenant is not active: Acme';
      createHttpErrorHandler(mock)(restError(status, { error: { code, message } }, true));
      expect(mock.showErrorDialog).toHaveBeenCalled();
      expect(mock.leaveTenant).not.toHaveBeenCalled();
      closeDialog();
      await vi.waitFor(() => expect(mock.leaveTenant).toHaveBeenCalledOnce());
      expect(mock.navigateToLogin).not.toHaveBeenCalled();
    },
  );

  it.each([401, 403, 404, 500] as const)('shows the error screen for %i', (status) => {
    const { mock } = presenter();
    createHttpErrorHandler(mock)(restError(status));
    expect(mock.showErrorScreen).toHaveBeenCalledWith({ status, ...defaultErrorMessages[status] });
  });

  it('uses the 401 dialog, then sign-in, when 401 has no error screen', async () => {
    const { mock, closeDialog } = presenter();
    createHttpErrorHandler(mock, { skipHandledErrorCodes: [], errorScreenStatuses: [403, 500] })(
      restError(401),
    );
    expect(mock.showErrorDialog).toHaveBeenCalledWith(
      defaultErrorMessages[401].details,
      defaultErrorMessages[401].title,
    );
    closeDialog();
    await vi.waitFor(() => expect(mock.navigateToLogin).toHaveBeenCalledOnce());
  });

  it('uses the 404 dialog when 404 has no error screen; 403 and 500 keep their page', () => {
    const { mock } = presenter();
    const handle = createHttpErrorHandler(mock, {
      skipHandledErrorCodes: [],
      errorScreenStatuses: [],
    });
    handle(restError(404));
    expect(mock.showErrorDialog).toHaveBeenCalledWith(
      defaultErrorMessages[404].details,
      defaultErrorMessages[404].title,
    );
    handle(restError(403));
    handle(restError(500));
    expect(mock.showErrorScreen).toHaveBeenCalledTimes(2);
  });

  it('shows a network failure (0, Unknown Error) on the error page without the Home link', () => {
    const { mock } = presenter();
    createHttpErrorHandler(mock)(restError(0, undefined, false, 'Unknown Error'));
    expect(mock.showErrorScreen).toHaveBeenCalledWith({
      status: 0,
      title: defaultErrorMessages.defaultError.title,
      details: serverUnreachable,
      isHomeShow: false,
    });
  });

  it('shows other statuses in the generic dialog', () => {
    const { mock } = presenter();
    createHttpErrorHandler(mock)(restError(409));
    expect(mock.showErrorDialog).toHaveBeenCalledWith(
      defaultErrorMessages.defaultError.details,
      defaultErrorMessages.defaultError.title,
    );
  });

  it('ignores the statuses of the skip list', () => {
    const { mock } = presenter();
    createHttpErrorHandler(mock, {
      skipHandledErrorCodes: [404, 500],
      errorScreenStatuses: [401, 403, 404, 500],
    })(restError(404));
    expect(mock.showErrorScreen).not.toHaveBeenCalled();
    expect(mock.showErrorDialog).not.toHaveBeenCalled();
  });
});
