import type { TextSource } from '#src/core/localization/localizable';
import { createStore } from '#src/core/store';

export type ToastSeverity = 'neutral' | 'success' | 'info' | 'warning' | 'error';

export interface ToastOptions {
  /** Milliseconds before the toast closes itself. */
  life?: number;
  /** Stays until closed by hand. */
  sticky?: boolean;
  closable?: boolean;
  messageLocalizationParams?: string[];
  titleLocalizationParams?: string[];
}

export interface Toast {
  id: number;
  message: TextSource;
  title?: TextSource;
  severity: ToastSeverity;
  life: number;
  sticky: boolean;
  closable: boolean;
  messageLocalizationParams: string[];
  titleLocalizationParams: string[];
}

/** SPEC.md section 9: error 7000 ms, success 5000 ms, warning 10000 ms, otherwise 5000 ms. */
export const toastLifetimes: Record<ToastSeverity, number> = {
  neutral: 5000,
  info: 5000,
  success: 5000,
  warning: 10000,
  error: 7000,
};

export const toastStore = createStore<readonly Toast[]>([]);
let lastId = 0;

function show(
  severity: ToastSeverity,
  message: TextSource,
  title?: TextSource,
  options: ToastOptions = {},
): number {
  const id = ++lastId;
  const toast: Toast = {
    id,
    message,
    ...(title !== undefined ? { title } : {}),
    severity,
    life: options.life ?? toastLifetimes[severity],
    sticky: options.sticky ?? false,
    closable: options.closable ?? true,
    messageLocalizationParams: options.messageLocalizationParams ?? [],
    titleLocalizationParams: options.titleLocalizationParams ?? [],
  };
  // The same news again (three saves in a row) replaces its toast, which starts its life anew at
  // the end, instead of stacking copies over the page or the open dialog.
  const said = sameNews(toast);
  toastStore.set((toasts) => [...toasts.filter((shown) => sameNews(shown) !== said), toast]);
  return id;
}

/** What a toast says, to tell a repeat: its severity, texts and their parameters. */
const sameNews = (toast: Toast) =>
  JSON.stringify([
    toast.severity,
    toast.title ?? null,
    toast.message,
    toast.titleLocalizationParams,
    toast.messageLocalizationParams,
  ]);

/** ABP's ToasterService. */
export const toaster = {
  show: (
    message: TextSource,
    title?: TextSource,
    severity: ToastSeverity = 'neutral',
    options?: ToastOptions,
  ) => show(severity, message, title, options),
  info: (message: TextSource, title?: TextSource, options?: ToastOptions) =>
    show('info', message, title, options),
  success: (message: TextSource, title?: TextSource, options?: ToastOptions) =>
    show('success', message, title, options),
  warn: (message: TextSource, title?: TextSource, options?: ToastOptions) =>
    show('warning', message, title, options),
  error: (message: TextSource, title?: TextSource, options?: ToastOptions) =>
    show('error', message, title, options),
  remove(id: number) {
    toastStore.set((toasts) => toasts.filter((toast) => toast.id !== id));
  },
  clear() {
    toastStore.set([]);
  },
};
