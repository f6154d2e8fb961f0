import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * An edit modal whose item could not be loaded (the HTTP layer has already told the user why)
 * closes, and the list it was opened from reloads: a 404 usually means the row was deleted
 * elsewhere and the list is stale.
 */
export function useCloseOnLoadError(failed: boolean, onClose: () => void, listKey: QueryKey) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!failed) return;
    void queryClient.invalidateQueries({ queryKey: listKey });
    onClose();
  }, [failed, onClose, queryClient, listKey]);
}
