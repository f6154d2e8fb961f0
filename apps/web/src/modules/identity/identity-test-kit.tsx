import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import type { ApplicationConfiguration } from '#src/core/app-configuration/application-configuration';
import { applyLocalization } from '#src/core/localization/i18n';
import { createAppQueryClient } from '#src/core/query/query-client';
import { testConfiguration } from '#src/test/app-configuration';
import { ConfirmationDialog } from '#src/theme/confirmation/confirmation-dialog';
import { ToastContainer } from '#src/theme/toast/toast-container';
import { toaster } from '#src/theme/toast/toaster';
import identityTexts from '../../../../server/src/localization/resources/AbpIdentity/en.json';
import uiTexts from '../../../../server/src/localization/resources/AbpUi/en.json';
import validationTexts from '../../../../server/src/localization/resources/AbpValidation/en.json';

/** Helpers for the identity screens' component tests: English texts and a fake server. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Handler = (request: RecordedRequest) => Response | undefined;

/** The signed-in administrator's configuration with the given policies, in English. */
export async function loadIdentityConfiguration(
  policies: Record<string, boolean>,
  userId = 'me',
): Promise<ApplicationConfiguration> {
  const configuration = testConfiguration({
    culture: 'en',
    authenticated: true,
    policies,
    values: {
      AbpIdentity: identityTexts.texts,
      AbpUi: uiTexts.texts,
      AbpValidation: validationTexts.texts,
    } as Record<string, Record<string, string>>,
  });
  configuration.currentUser.id = userId;
  await applyLocalization(configuration);
  appConfigurationStore.set(configuration);
  return configuration;
}

/** Replaces `fetch`; the first handler that answers wins, everything is recorded. */
export function fakeServer(...handlers: Handler[]): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const raw = init?.body === undefined ? undefined : String(init.body);
      const request: RecordedRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: raw ? JSON.parse(raw) : undefined,
      };
      requests.push(request);
      for (const handler of handlers) {
        const response = handler(request);
        if (response) return response;
      }
      return new Response('not found', { status: 404 });
    }),
  );
  return requests;
}

export function renderWithProviders(node: ReactNode) {
  const queryClient = createAppQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      {node}
      <ConfirmationDialog />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

export function resetIdentityState(): void {
  vi.unstubAllGlobals();
  act(() => toaster.clear());
  appConfigurationStore.set(undefined);
}
