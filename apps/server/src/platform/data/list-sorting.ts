import { PagingLimits, sortingPattern } from '@vineta/contracts/common/paged';
import { z } from 'zod';

export interface SortOrder<Key extends string> {
  key: Key;
  direction: 'asc' | 'desc';
}

const keyOf = (sorting: string) => sorting.trim().split(' ')[0]?.toLowerCase() ?? '';

/**
 * ABP's `sorting` query parameter ('userName desc') limited to the keys a list can sort by, so an
 * unknown key is a 400 naming the parameter instead of ABP's 500 from Dynamic LINQ. Keys are
 * matched case-insensitively (ABP's Angular sends camelCase, older clients PascalCase).
 */
export function sortingParameter(keys: readonly string[]) {
  const known = new Set(keys.map((key) => key.toLowerCase()));
  return z
    .string()
    .max(PagingLimits.maxSortingLength)
    .regex(sortingPattern)
    .refine((value) => known.has(keyOf(value)))
    .optional();
}

/** The key and direction of a `sorting` value; the fallback when absent or unknown. */
export function parseSorting<Key extends string>(
  sorting: string | undefined,
  keys: readonly Key[],
  fallback: Key,
): SortOrder<Key> {
  if (!sorting?.trim()) return { key: fallback, direction: 'asc' };
  const wanted = keyOf(sorting);
  const key = keys.find((candidate) => candidate.toLowerCase() === wanted) ?? fallback;
  const direction = /\sdesc$/i.test(sorting.trim()) ? 'desc' : 'asc';
  return { key, direction };
}
