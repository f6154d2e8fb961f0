import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listDefaults, useListQuery } from './use-list-query';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('list query', () => {
  it('starts with page size 10, page 0 and an empty filter', () => {
    const { result } = renderHook(() => useListQuery());
    expect(listDefaults).toEqual({ maxResultCount: 10, debounceMs: 300 });
    expect(result.current.query).toEqual({
      filter: '',
      sorting: '',
      skipCount: 0,
      maxResultCount: 10,
    });
  });

  it('applies the filter after 300 ms and goes back to the first page', () => {
    const { result } = renderHook(() => useListQuery());
    act(() => result.current.setPage(3));
    expect(result.current.query.skipCount).toBe(30);
    act(() => result.current.setFilter('ana'));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.query.filter).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.query).toMatchObject({ filter: 'ana', skipCount: 0 });
  });

  it("sorts as 'key direction' and resets the page on sort or size changes", () => {
    const { result } = renderHook(() => useListQuery());
    act(() => result.current.setPage(2));
    act(() => result.current.setSorting('userName', 'desc'));
    expect(result.current.query).toMatchObject({ sorting: 'userName desc', skipCount: 0 });
    act(() => result.current.setPage(1));
    act(() => result.current.setPageSize(25));
    expect(result.current.query).toMatchObject({ maxResultCount: 25, skipCount: 0 });
  });
});
