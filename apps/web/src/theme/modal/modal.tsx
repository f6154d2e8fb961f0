import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { useLocalization } from '#src/core/localization/i18n';
import { askToDiscardChanges } from '../confirmation/discard-changes';
import { AskBeforeLeaving } from './ask-before-leaving';
import { firstField, tabStops } from './focusable';
import { useFocusTrap } from './use-focus-trap';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ModalProps {
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
  title: ReactNode;
  /**
   * What the dialog is about (the role or user it edits), after the title on its line and in the
   * dialog's name: "Editar" alone did not say which row of the list behind it was being edited.
   */
  subject?: string | undefined;
  children: ReactNode;
  footer?: ReactNode;
  /** Default md. */
  size?: ModalSize;
  centered?: boolean;
  /** While busy the modal cannot be closed. */
  busy?: boolean;
  /** A dirty form asks before the modal closes. */
  dirty?: boolean;
  /**
   * Escape closes only when true (default false, SPEC.md section 9). The app's edit and management
   * modals pass it: ABP's `abp-modal` closes them on Escape (through the busy and dirty rules), and
   * a keyboard user expects a dialog to close on Escape.
   */
  keyboard?: boolean;
  hideCloseIcon?: boolean;
}

/** SPEC.md section 9: Escape and the unsaved-changes question are debounced by 150 ms. */
export const escapeDebounceMs = 150;

/**
 * A form's first field; without one, the body's first control, then the footer's (Cancel comes
 * first there), so the header's close button is the last resort.
 */
function initialFocusOf(dialog: HTMLElement): HTMLElement | undefined {
  return (
    firstField(dialog) ??
    tabStops(dialog.querySelector<HTMLElement>('.modal-body'))[0] ??
    tabStops(dialog.querySelector<HTMLElement>('.modal-footer'))[0] ??
    tabStops(dialog)[0]
  );
}

const ModalCloseContext = createContext<() => void>(() => undefined);

/** Lets a Cancel button inside the modal ask to close (ABP's `abpClose`). */
export function useModalClose(): () => void {
  return useContext(ModalCloseContext);
}

export function Modal({
  visible,
  onVisibleChange,
  title,
  subject,
  children,
  footer,
  size = 'md',
  centered = false,
  busy = false,
  dirty = false,
  keyboard = false,
  hideCloseIcon = false,
}: ModalProps) {
  const localize = useLocalization();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const state = useRef({ busy, dirty, asking: false });
  state.current.busy = busy;
  state.current.dirty = dirty;

  /** Whether unsaved changes may go: asked once at a time, yes when there are none. */
  const mayDiscard = useCallback(async () => {
    const current = state.current;
    if (current.asking) return false;
    if (!current.dirty) return true;
    current.asking = true;
    const discard = await askToDiscardChanges();
    current.asking = false;
    return discard;
  }, []);

  const requestClose = useCallback(async () => {
    const current = state.current;
    if (current.busy || current.asking) return;
    if (current.dirty && !(await mayDiscard())) return;
    onVisibleChange(false);
  }, [onVisibleChange, mayDiscard]);

  useFocusTrap(dialog, visible, initialFocusOf);

  // The owner's latest callback, read when the debounced Escape fires: a page that re-renders
  // meanwhile (its list refetched) passes a new one, and re-running the effect for it would
  // cancel the pending close, so Escape was lost now and then.
  const latestRequestClose = useRef(requestClose);
  latestRequestClose.current = requestClose;

  // At commit, as the focus trap and the confirmation card do: an Escape pressed as soon as the
  // dialog shows is the dialog's.
  useLayoutEffect(() => {
    if (!visible) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !keyboard) return;
      clearTimeout(timer);
      timer = setTimeout(() => void latestRequestClose.current(), escapeDebounceMs);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (state.current.dirty) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [visible, keyboard]);

  if (!visible) return null;
  const sizeClass = size === 'md' ? '' : ` modal-${size}`;
  return (
    <ModalCloseContext.Provider value={() => void requestClose()}>
      <AskBeforeLeaving when={dirty} ask={mayDiscard} />
      <div className="modal-backdrop show" />
      <div className="modal d-block" role="presentation">
        <div
          // Scrollable: a body taller than the screen scrolls between the title and the footer, so
          // Save stays in view on a phone (it was two screens down in the permissions dialog).
          className={`modal-dialog modal-dialog-scrollable${sizeClass}${centered ? ' modal-dialog-centered' : ''}`}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-busy={busy}
          tabIndex={-1}
          ref={dialog}
        >
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id={titleId}>
                {title}
                {subject && (
                  <>
                    {' '}
                    {/* Its own direction: a Latin name in an Arabic title, or the reverse. */}
                    <bdi className="app-modal-subject">{subject}</bdi>
                  </>
                )}
              </h2>
              {!hideCloseIcon && (
                <button
                  type="button"
                  className="btn-close"
                  aria-label={localize({ key: 'AbpUi::Close', defaultValue: 'Close' })}
                  disabled={busy}
                  onClick={() => void requestClose()}
                />
              )}
            </div>
            <div className="modal-body">{children}</div>
            {footer !== undefined && <div className="modal-footer">{footer}</div>}
          </div>
        </div>
      </div>
    </ModalCloseContext.Provider>
  );
}

/** The Cancel button of a modal footer; it goes through the busy and dirty rules. */
export function ModalCloseButton({
  children,
  disabled,
}: {
  children?: ReactNode;
  disabled?: boolean;
}) {
  const close = useModalClose();
  const localize = useLocalization();
  return (
    <button type="button" className="btn btn-secondary" disabled={disabled} onClick={close}>
      {children ?? localize({ key: 'AbpUi::Cancel', defaultValue: 'Cancel' })}
    </button>
  );
}
