import { ErrorResponse } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { RestError } from '#src/core/http/remote-service-error';
import { signInErrorText } from './sign-in-error';

const tokenEndpointAnswer = (body: Record<string, string>) =>
  new ErrorResponse({ ...body, state: undefined } as never);

describe('signInErrorText', () => {
  it("shows the token endpoint's localized description", () => {
    const refused = tokenEndpointAnswer({
      error: 'invalid_grant',
      error_description: 'Nombre de usuario o contraseña no válidos.',
    });
    expect(signInErrorText(refused)).toBe('Nombre de usuario o contraseña no válidos.');
    const unavailable = tokenEndpointAnswer({
      error: 'temporarily_unavailable',
      error_description: 'El servicio no está disponible por el momento.',
    });
    expect(signInErrorText(unavailable)).toBe('El servicio no está disponible por el momento.');
  });

  it("shows the default message instead of the provider's English server_error text", () => {
    const failed = tokenEndpointAnswer({
      error: 'server_error',
      error_description: 'oops! something went wrong',
    });
    expect(signInErrorText(failed)).toBe('AbpAccount::DefaultErrorMessage');
  });

  it("shows an ABP error body's message, and the default without one", () => {
    const remote = new RestError({
      status: 403,
      statusText: 'Forbidden',
      url: '/api/account/login',
      headers: new Headers({ _AbpErrorFormat: 'true' }),
      body: { error: { message: 'Local sign-in is disabled.' } },
    });
    expect(signInErrorText(remote)).toBe('Local sign-in is disabled.');
    expect(signInErrorText(new TypeError('Failed to fetch'))).toBe(
      'AbpAccount::DefaultErrorMessage',
    );
    expect(signInErrorText(undefined)).toBe('AbpAccount::DefaultErrorMessage');
  });
});
