import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestOf } from '@/test/fixtures';
import { stubFetch } from '@/test/stub-fetch';

const fetchMock = stubFetch();

type Params = { day: string };

/** The module afresh, as a page loads it: its cache starts from the page each time. */
const islandQuery = async () => {
  vi.resetModules();
  return import('../islands/island-query');
};

/** The times of a day, as the API answers them; `refused` days are answered 409 with the API's envelope. */
const serve = (refused: string[] = []) => {
  const asked: string[] = [];
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(requestOf(input).url);
    const day = url.searchParams.get('day') ?? '';
    asked.push(day);
    if (refused.includes(day)) return jsonResponse(409, { success: false, message: `No times on ${day}` });
    return jsonResponse(200, { success: true, message: 'ok', data: [`${day} 09:00`] });
  });
  return asked;
};

describe('an island’s query', () => {
  beforeEach(() => document.getElementById('carcare-data')?.remove());

  it('asks once for every hook that wants the same call, whatever the order of its arguments’ keys', async () => {
    const asked = serve();
    const { askApi, queryString, useIslandQuery } = await islandQuery();
    const times = (params: Record<string, string>) => askApi<string[]>(`/times?${queryString(params)}`);
    const first = renderHook(() => useIslandQuery('getTimes', { day: 'mon', shop: 'a' }, times));
    const second = renderHook(() => useIslandQuery('getTimes', { shop: 'a', day: 'mon' }, times));

    expect(first.result.current).toEqual({ data: undefined, isFetching: true, isError: false, error: undefined });
    await waitFor(() => expect(first.result.current.data).toEqual(['mon 09:00']));
    expect(second.result.current).toEqual({ data: ['mon 09:00'], isFetching: false, isError: false, error: undefined });
    expect(asked).toEqual(['mon']);
  });

  it('keeps the last answer while the next comes, asks nothing for null, and asks a refused call again', async () => {
    const asked = serve(['tue']);
    const { askApi, queryString, useIslandQuery } = await islandQuery();
    const times = (params: Params) => askApi<string[]>(`/times?${queryString(params)}`);
    const { result, rerender } = renderHook(({ params }) => useIslandQuery('getTimes', params, times), {
      initialProps: { params: { day: 'mon' } as Params | null },
    });
    await waitFor(() => expect(result.current.data).toEqual(['mon 09:00']));

    rerender({ params: { day: 'tue' } });
    // Monday's times show while Tuesday's are asked for.
    expect(result.current).toMatchObject({ data: ['mon 09:00'], isFetching: true, isError: false });
    await waitFor(() => expect(result.current.isError).toBe(true));
    // A refusal is the status and the envelope, as the app's store keeps it.
    expect(result.current.error).toEqual({ status: 409, data: { success: false, message: 'No times on tue' } });
    expect(result.current.isFetching).toBe(false);

    rerender({ params: null });
    expect(result.current).toEqual({ data: undefined, isFetching: false, isError: false, error: undefined });

    rerender({ params: { day: 'tue' } });
    // Asked again: no longer an error while it is.
    expect(result.current).toMatchObject({ isFetching: true, isError: false });
    await waitFor(() => expect(asked).toEqual(['mon', 'tue', 'tue']));
    rerender({ params: { day: 'mon' } });
    expect(result.current).toMatchObject({ data: ['mon 09:00'], isFetching: false });
    expect(asked).toEqual(['mon', 'tue', 'tue']);
  });

  it('starts from the answer the page was drawn with, and asks a button’s call only when the page has none', async () => {
    const asked = serve();
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'carcare-data';
    const queries = {
      drawn: { status: 'fulfilled', endpointName: 'getTimes', originalArgs: { day: 'mon' }, data: ['mon 08:00'] },
      failed: { status: 'rejected', endpointName: 'getTimes', originalArgs: { day: 'wed' } },
    };
    data.textContent = JSON.stringify({ state: { api: { queries } } });
    document.body.append(data);
    const { askApi, askIsland, queryString, useIslandQuery } = await islandQuery();
    const times = (params: Params) => askApi<string[]>(`/times?${queryString(params)}`);

    const { result } = renderHook(() => useIslandQuery('getTimes', { day: 'mon' }, times));
    expect(result.current).toEqual({ data: ['mon 08:00'], isFetching: false, isError: false, error: undefined });
    expect(await askIsland('getTimes', { day: 'mon' }, times)).toEqual(['mon 08:00']);
    // A call the page could not answer is asked.
    expect(await askIsland('getTimes', { day: 'wed' }, times)).toEqual(['wed 09:00']);
    expect(asked).toEqual(['wed']);
  });
});
