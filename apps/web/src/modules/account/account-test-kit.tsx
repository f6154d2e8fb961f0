import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import type { ApplicationConfiguration } from '#src/core/app-configuration/application-configuration';
import { clearOAuthStorage } from '#src/core/auth/token-storage';
import { applyLocalization } from '#src/core/localization/i18n';
import { createAppQueryClient } from '#src/core/query/query-client';
import { sessionStore } from '#src/core/session/session-store';
import { testConfiguration } from '#src/test/app-configuration';
import {
  accountTexts,
  identityTexts,
  uiTexts,
  validationTexts,
  vinetaTexts,
} from '#src/test/server-texts';
import { ToastContainer } from '#src/theme/toast/toast-container';
import { toaster } from '#src/theme/toast/toaster';

/**
 * Helpers for the account screens' component tests: the server's English texts, a fake server
 * behind `fetch` that records every request, and a memory router around one page.
 */

export const englishTexts = {
  AbpAccount: accountTexts.texts,
  AbpIdentity: identityTexts.texts,
  AbpUi: uiTexts.texts,
  AbpValidation: validationTexts.texts,
  Vineta: vinetaTexts.texts,
} as Record<string, Record<string, string>>;

/** The configuration the server would send, in English, with the given settings. */
export function accountConfiguration(
  options: { settings?: Record<string, string>; authenticated?: boolean; userId?: string } = {},
): ApplicationConfiguration {
  const configuration = testConfiguration({
    culture: 'en',
    values: englishTexts,
    settings: options.settings ?? {},
    authenticated: options.authenticated ?? false,
  });
  if (options.userId) configuration.currentUser.id = options.userId;
  return configuration;
}

/** Loads the configuration and its texts, as start-up does. */
export async function loadConfiguration(configuration: ApplicationConfiguration): Promise<void> {
  await applyLocalization(configuration);
  appConfigurationStore.set(configuration);
}

export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  headers: Headers;
  body: unknown;
}

export type FakeHandler = (
  request: RecordedRequest,
) => Response | Promise<Response> | undefined | Promise<Response | undefined>;

const origin = 'http://localhost:3000';
export const discoveryDocument = {
  issuer: origin,
  authorization_endpoint: `${origin}/connect/authorize`,
  token_endpoint: `${origin}/connect/token`,
  end_session_endpoint: `${origin}/connect/endsession`,
  revocation_endpoint: `${origin}/connect/revocation`,
  jwks_uri: `${origin}/.well-known/jwks`,
};

export const tokenResponse = () =>
  Response.json({
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    token_type: 'Bearer',
    expires_in: 3600,
    scope: 'openid profile email phone roles offline_access Vineta',
  });

/** ABP's error body, with its format header. */
export function abpError(status: number, message: string, extra: Record<string, unknown> = {}) {
  return Response.json(
    {
      error: {
        code: null,
        message,
        details: null,
        data: null,
        validationErrors: null,
        ...extra,
      },
    },
    { status, headers: { _AbpErrorFormat: 'true' } },
  );
}

/**
 * Replaces `fetch`: the first handler that answers wins; the discovery document and the
 * configuration have defaults. Every request is recorded, bodies parsed (JSON or form).
 */
export function fakeServer(
  configuration: ApplicationConfiguration,
  ...handlers: FakeHandler[]
): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const raw = init?.body === undefined ? undefined : String(init.body);
      const headers = new Headers(init?.headers);
      let body: unknown = raw;
      if (raw && headers.get('Content-Type')?.includes('json')) body = JSON.parse(raw);
      else if (raw?.includes('=')) body = Object.fromEntries(new URLSearchParams(raw));
      const request: RecordedRequest = {
        method: init?.method ?? 'GET',
        url,
        path: new URL(url, origin).pathname,
        headers,
        body,
      };
      requests.push(request);
      for (const handler of handlers) {
        const response = await handler(request);
        if (response) return response;
      }
      if (request.path === '/.well-known/openid-configuration') {
        return Response.json(discoveryDocument);
      }
      if (request.path === '/api/abp/application-configuration') {
        return Response.json(configuration);
      }
      return new Response('not found', { status: 404 });
    }),
  );
  return requests;
}

/** Shows where the router went, for pages that navigate away. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/** One page at `path` in a memory router, with TanStack Query and the toasts. */
export function renderAccountPage(page: ReactNode, path: string, at: string) {
  const queryClient = createAppQueryClient();
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Resets what the screens leave in module state between tests. */
export function resetAccountState(): void {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => toaster.clear());
  clearOAuthStorage();
  sessionStore.set({ tenant: null });
  appConfigurationStore.set(undefined);
}

/** Sets the XSRF cookie the server hands out with the application configuration. */
export function setXsrfCookie(value = 'xsrf-1'): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting its cookie
  document.cookie = `XSRF-TOKEN=${value}; path=/`;
}
