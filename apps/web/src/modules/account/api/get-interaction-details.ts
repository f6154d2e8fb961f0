import { useCallback, useEffect, useState } from 'react';
import { http } from '#src/core/http/http';
import { rememberSignInRestart } from '../shared/sign-in-restart';

/** What the sign-in server tells its page about a code-flow interaction. */
export interface InteractionDetails {
  uid: string;
  prompt: string;
  clientId: string | null;
  scope: string | null;
  loginHint: string | null;
  uiLocales: string | null;
  /** The authorization request that began the interaction, to begin it again once expired. */
  restartUrl: string;
  enableLocalLogin: boolean;
  isSelfRegistrationEnabled: boolean;
}

/** `GET /interaction/<uid>/details`; a stale or unknown interaction answers 400. */
export function getInteractionDetails(
  interactionId: string,
  signal?: AbortSignal,
): Promise<InteractionDetails> {
  return http.get<InteractionDetails>(
    `/interaction/${encodeURIComponent(interactionId)}/details`,
    undefined,
    { skipHandleError: true, ...(signal ? { signal } : {}) },
  );
}

export type InteractionDetailsState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; details: InteractionDetails }
  | { status: 'failed'; error: unknown };

/**
 * The interaction's details for the sign-in page, and `retry` to ask for them again. The page
 * stays out of TanStack Query (the sign-in bundle does not download it), so this hook loads them
 * itself.
 */
export function useInteractionDetails(
  interactionId: string | null,
): InteractionDetailsState & { retry: () => void } {
  const [state, setState] = useState<InteractionDetailsState>(
    interactionId ? { status: 'loading' } : { status: 'none' },
  );
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt asks again
  useEffect(() => {
    if (!interactionId) {
      setState({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    getInteractionDetails(interactionId, controller.signal).then(
      (details) => {
        rememberSignInRestart(details.uid, details.restartUrl);
        setState({ status: 'ready', details });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [interactionId, attempt]);
  return { ...state, retry };
}
