import type { QueryClient } from '@tanstack/react-query';
import { RestError } from '#src/core/http/remote-service-error';

/**
 * After a save, whether it succeeded or failed (a conflict or a deletion elsewhere means the
 * lists are stale): the queries under `key` are read again, except, when the item was gone (a 404
 * for `id`), that item's own queries. Its form closes saying it no longer exists, and reading it
 * again would fail once more, showing ABP's error dialog over that plain message.
 */
export function invalidateAfterSave(
  queryClient: QueryClient,
  key: readonly unknown[],
  id: string | undefined,
  error: unknown,
): Promise<void> {
  const gone = id !== undefined && error instanceof RestError && error.status === 404;
  return queryClient.invalidateQueries({
    queryKey: key,
    ...(gone ? { predicate: (query) => !query.queryKey.includes(id) } : {}),
  });
}
