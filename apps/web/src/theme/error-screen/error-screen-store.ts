import type { ErrorScreenRequest } from '#src/core/http/http-error-handler';
import { createStore } from '#src/core/store';

export interface ErrorScreenState extends ErrorScreenRequest {
  hideCloseIcon?: boolean;
}

export const errorScreenStore = createStore<ErrorScreenState | null>(null);

export function showErrorScreen(state: ErrorScreenState): void {
  errorScreenStore.set(state);
}

export function closeErrorScreen(): void {
  errorScreenStore.set(null);
}
