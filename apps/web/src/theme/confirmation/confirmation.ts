import type { TextSource } from '#src/core/localization/localizable';
import { createStore } from '#src/core/store';

export type ConfirmationStatus = 'confirm' | 'reject' | 'dismiss';
export type ConfirmationSeverity = 'neutral' | 'info' | 'success' | 'warning' | 'error';

export interface ConfirmationOptions {
  hideCancelBtn?: boolean;
  hideYesBtn?: boolean;
  cancelText?: TextSource;
  yesText?: TextSource;
  messageLocalizationParams?: string[];
  titleLocalizationParams?: string[];
  /** Escape dismisses (default true). */
  dismissible?: boolean;
  /** Yes deletes something for good: the button is red, not the app's blue. */
  destructive?: boolean;
}

export interface Confirmation {
  id: number;
  message: TextSource;
  title?: TextSource;
  severity: ConfirmationSeverity;
  options: ConfirmationOptions;
  resolve: (status: ConfirmationStatus) => void;
}

export const confirmationStore = createStore<Confirmation | null>(null);
let lastId = 0;

function show(
  severity: ConfirmationSeverity,
  message: TextSource,
  title?: TextSource,
  options: ConfirmationOptions = {},
): Promise<ConfirmationStatus> {
  // A new confirmation replaces the open one, which counts as dismissed.
  confirmationStore.get()?.resolve('dismiss');
  return new Promise((resolve) => {
    const id = ++lastId;
    confirmationStore.set({
      id,
      message,
      ...(title !== undefined ? { title } : {}),
      severity,
      options,
      resolve: (status) => {
        if (confirmationStore.get()?.id === id) confirmationStore.set(null);
        resolve(status);
      },
    });
  });
}

/** ABP's ConfirmationService: resolves with confirm, reject or dismiss. */
export const confirmation = {
  show: (
    message: TextSource,
    title?: TextSource,
    severity: ConfirmationSeverity = 'neutral',
    options?: ConfirmationOptions,
  ) => show(severity, message, title, options),
  info: (message: TextSource, title?: TextSource, options?: ConfirmationOptions) =>
    show('info', message, title, options),
  success: (message: TextSource, title?: TextSource, options?: ConfirmationOptions) =>
    show('success', message, title, options),
  warn: (message: TextSource, title?: TextSource, options?: ConfirmationOptions) =>
    show('warning', message, title, options),
  error: (message: TextSource, title?: TextSource, options?: ConfirmationOptions) =>
    show('error', message, title, options),
  clear(status: ConfirmationStatus = 'dismiss') {
    confirmationStore.get()?.resolve(status);
  },
};
