import { z } from 'zod';

/**
 * ABP's paging contract (`Volo.Abp.Application.Dtos`): request `skipCount`, `maxResultCount`,
 * `sorting` and, where supported, `filter`; response `{ totalCount, items }` or `{ items }`.
 *
 * Request DTOs here are query-string objects: numbers are coerced from strings, and they carry
 * no OpenAPI component id so Swagger lists each field as a query parameter (as ABP's does).
 */

export const PagingLimits = {
  /** `LimitedResultRequestDto.DefaultMaxResultCount` */
  defaultMaxResultCount: 10,
  /** `LimitedResultRequestDto.MaxMaxResultCount` */
  maxMaxResultCount: 1000,
  /** ABP validates `[Range(0, int.MaxValue)]` */
  maxSkipCount: 2_147_483_647,
  maxSortingLength: 256,
  maxFilterLength: 256,
} as const;

/** One key (letters, digits, `_`, `.` for nested members) and an optional direction. */
export const sortingPattern = /^[A-Za-z0-9_.]+( (asc|desc|ASC|DESC))?$/;

const itemId = (item: z.ZodType) => z.globalRegistry.get(item)?.id;

const pagedResults = new WeakMap<z.ZodType, z.ZodType>();
const listResults = new WeakMap<z.ZodType, z.ZodType>();

export type PagedResultSchema<T extends z.ZodType> = z.ZodObject<{
  totalCount: z.ZodInt;
  items: z.ZodArray<T>;
}>;
export type ListResultSchema<T extends z.ZodType> = z.ZodObject<{ items: z.ZodArray<T> }>;

/**
 * `PagedResultDto<T>`. One schema per item schema (memoized), so a route file and a service may
 * both call `PagedResultDto(IdentityUserDto)` without registering the component id twice. When
 * the item has an id the result is named the way Swashbuckle names generics:
 * `IdentityUserDtoPagedResultDto`.
 */
export function PagedResultDto<T extends z.ZodType>(item: T): PagedResultSchema<T> {
  const cached = pagedResults.get(item);
  if (cached) return cached as PagedResultSchema<T>;
  const id = itemId(item);
  const base = z.object({ totalCount: z.int().min(0), items: z.array(item) });
  const schema = id ? base.meta({ id: `${id}PagedResultDto` }) : base;
  pagedResults.set(item, schema);
  return schema;
}
export type PagedResultDto<T> = { totalCount: number; items: T[] };

/** `ListResultDto<T>` (memoized like {@link PagedResultDto}; named `<Item>ListResultDto`). */
export function ListResultDto<T extends z.ZodType>(item: T): ListResultSchema<T> {
  const cached = listResults.get(item);
  if (cached) return cached as ListResultSchema<T>;
  const id = itemId(item);
  const base = z.object({ items: z.array(item) });
  const schema = id ? base.meta({ id: `${id}ListResultDto` }) : base;
  listResults.set(item, schema);
  return schema;
}
export type ListResultDto<T> = { items: T[] };

const skipCount = z.coerce.number().int().min(0).max(PagingLimits.maxSkipCount).default(0);
const maxResultCount = z.coerce
  .number()
  .int()
  .min(1)
  .max(PagingLimits.maxMaxResultCount)
  .default(PagingLimits.defaultMaxResultCount);
const sorting = z.string().max(PagingLimits.maxSortingLength).regex(sortingPattern).optional();

/** `LimitedResultRequestDto`: `maxResultCount` 1…1000, default 10. */
export const LimitedResultRequestDto = z.object({ maxResultCount });
export type LimitedResultRequestDto = z.infer<typeof LimitedResultRequestDto>;

/** `PagedResultRequestDto`: adds `skipCount` ≥ 0, default 0. */
export const PagedResultRequestDto = LimitedResultRequestDto.extend({ skipCount });
export type PagedResultRequestDto = z.infer<typeof PagedResultRequestDto>;

/** `PagedAndSortedResultRequestDto`: adds `sorting`, e.g. `userName desc`. */
export const PagedAndSortedResultRequestDto = PagedResultRequestDto.extend({ sorting });
export type PagedAndSortedResultRequestDto = z.infer<typeof PagedAndSortedResultRequestDto>;

/** Paged and sorted list with a free-text `filter` (users, roles, tenants, user lookup). */
export const GetListWithFilterInput = PagedAndSortedResultRequestDto.extend({
  filter: z.string().max(PagingLimits.maxFilterLength).optional(),
});
export type GetListWithFilterInput = z.infer<typeof GetListWithFilterInput>;
