import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '#src/core/http/http';
import { tenantsQueryKey, tenantsUrl } from './get-tenants';

const urlOf = (id: string) => `${tenantsUrl}/${id}/default-connection-string`;
const queryKeyOf = (id: string) => [...tenantsQueryKey, 'connection-string', id] as const;

/**
 * `GET …/{id}/default-connection-string`: plain text with any password masked, or 204 (read as
 * an empty string) when the tenant uses the shared database.
 */
export async function getDefaultConnectionString(id: string, signal?: AbortSignal) {
  const value = await http.get<string | undefined>(urlOf(id), undefined, {
    responseType: 'text',
    ...(signal ? { signal } : {}),
  });
  return value ?? '';
}

export const defaultConnectionStringQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeyOf(id),
    queryFn: ({ signal }) => getDefaultConnectionString(id, signal),
    staleTime: 0,
  });

export function useDefaultConnectionString(id: string) {
  return useQuery(defaultConnectionStringQueryOptions(id));
}

export interface SaveConnectionStringInput {
  id: string;
  /** null: back to the shared database (DELETE). */
  value: string | null;
}

/**
 * `PUT …?defaultConnectionString=…` (the value travels in the query string, as in ABP) or
 * `DELETE` to go back to the shared database.
 */
export function saveDefaultConnectionString({ id, value }: SaveConnectionStringInput) {
  const init = { skipHandleError: true };
  return value === null
    ? http.delete<void>(urlOf(id), init)
    : http.put<void>(urlOf(id), undefined, { ...init, params: { defaultConnectionString: value } });
}

export function useSaveDefaultConnectionString() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['tenant-management', 'save-connection-string'],
    mutationFn: saveDefaultConnectionString,
    onSuccess: (_, { id }) => queryClient.invalidateQueries({ queryKey: queryKeyOf(id) }),
  });
}
