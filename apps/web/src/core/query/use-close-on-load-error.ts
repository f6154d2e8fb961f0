import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * A modal whose data could not be loaded (the HTTP layer has already told the user why) closes
 * rather than stay on "Loading..." with its close button disabled. The list it was opened from,
 * when given, reloads: a 404 usually means the row was deleted elsewhere and the list is stale.
 */
export function useCloseOnLoadError(failed: boolean, onClose: () => void, listKey?: QueryKey) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!failed) return;
    if (listKey) void queryClient.invalidateQueries({ queryKey: listKey });
    onClose();
  }, [failed, onClose, queryClient, listKey]);
}
