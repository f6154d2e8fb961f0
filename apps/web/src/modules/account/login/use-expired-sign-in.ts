import { useEffect, useRef, useState } from 'react';
import type { InteractionDetailsState } from '../api/get-interaction-details';
import { isSignInExpired, restartSignIn } from '../shared/sign-in-restart';

/**
 * An interaction that expired before its page loaded (a reload long after): begun again when
 * this tab kept its request. True while that is pending or the page is leaving, so the page shows
 * its loading state instead of an error that is already being mended.
 */
export function useExpiredSignInRestart(
  interactionId: string | null,
  interaction: InteractionDetailsState,
): boolean {
  const expired = interaction.status === 'failed' && isSignInExpired(interaction.error);
  const [unavailable, setUnavailable] = useState(false);
  // Kept across StrictMode's second run of the effect: the first has already navigated.
  const leaving = useRef(false);
  useEffect(() => {
    if (!expired || !interactionId || leaving.current) return;
    leaving.current = restartSignIn(interactionId);
    if (!leaving.current) setUnavailable(true);
  }, [expired, interactionId]);
  return expired && !unavailable;
}
