import { PAGE_DATA_ELEMENT_ID } from '@carcare/contracts/page-render';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { apiBaseUrl } from '../api/api-url';

/**
 * A call's answer as a query hook of the app's store says it (decision 049): `data` is the last answer the hook
 * had, kept while the next one is asked for; `error` is `{ status, data }`, the API's status and error envelope.
 */
export type QueryAnswer<T> = { data?: T; isFetching: boolean; isError: boolean; error?: unknown };

/** A call's state in the islands' cache, the same object until it changes. */
type Entry = { data?: unknown; error?: unknown; failed: boolean; asking: boolean };

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const changed = (key: string, entry: Entry) => {
  entries.set(key, entry);
  for (const listener of listeners) listener();
};

/** Objects with their keys in order, so that `{a, b}` and `{b, a}` are one call, as the app's store has it. */
const inOrder = (_key: string, value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : value;

const keyOf = (endpoint: string, args: unknown) => `${endpoint}(${JSON.stringify(args, inOrder) ?? ''})`;

/** A fulfilled query of the server's store, as the page's data element carries it. */
type DrawnQuery = { status?: string; endpointName?: string; originalArgs?: unknown; data?: unknown };

let drawn: Map<string, unknown> | undefined;

/**
 * The answers the page was drawn with (decision 022): the server's store goes with the HTML, and an island
 * starts from the same answers, by call and arguments, so that its first render is the server's.
 */
const drawnAnswers = () => {
  if (drawn) return drawn;
  drawn = new Map();
  try {
    const data = JSON.parse(document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent ?? 'null');
    const queries: Record<string, DrawnQuery> = data?.state?.api?.queries ?? {};
    for (const query of Object.values(queries)) {
      if (query?.status === 'fulfilled' && query.endpointName)
        drawn.set(keyOf(query.endpointName, query.originalArgs), query.data);
    }
  } catch {
    // A page without its data: every call is asked.
  }
  return drawn;
};

const NOT_ASKED: Entry = { failed: false, asking: false };

/** The call's entry, started from the page's answer when the page has one. */
const entryOf = (key: string): Entry => {
  const known = entries.get(key);
  if (known) return known;
  const answers = drawnAnswers();
  if (!answers.has(key)) return NOT_ASKED;
  const entry: Entry = { data: answers.get(key), failed: false, asking: false };
  entries.set(key, entry);
  return entry;
};

/**
 * Asks the public API (`path` under `/api`), and gives its answer, the whole envelope. A refusal throws
 * `{ status, data }`, which the app's error helpers read as they read the store's.
 */
export async function askApiBody<Body>(path: string, init?: { method: 'POST'; body: unknown }): Promise<Body> {
  const json = { 'content-type': 'application/json' };
  const request = new Request(
    `${apiBaseUrl}${path}`,
    init ? { method: init.method, headers: json, body: JSON.stringify(init.body) } : {},
  );
  const response = await fetch(request);
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw { status: response.status, data: body };
  return body as Body;
}

/** Asks the public API as `askApiBody` does, and gives the `data` of its envelope. */
export const askApi = async <T>(path: string, init?: { method: 'POST'; body: unknown }) =>
  (await askApiBody<{ data: T }>(path, init)).data;

/** `params` as a query string, what is undefined left out (as the store's calls send them). */
export const queryString = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  ).toString();

/** Asks once for a call no one is asking for yet; its answer, or its failure, is kept for every island. */
const ask = <Args, T>(endpoint: string, args: Args, call: (args: Args) => Promise<T>) => {
  const key = keyOf(endpoint, args);
  const entry = entryOf(key);
  if (entry.asking || entry.data !== undefined) return;
  changed(key, { ...entry, asking: true });
  call(args).then(
    (data) => changed(key, { data, failed: false, asking: false }),
    (error: unknown) => changed(key, { error, failed: true, asking: false }),
  );
};

/**
 * An island's query (decision 049): the answer to `call(args)`, shared by every island of the page, starting
 * from the answer the page was drawn with. `args` null asks nothing. A failed call is asked again when the
 * island asks for it afresh.
 */
export function useIslandQuery<Args, T>(
  endpoint: string,
  args: Args | null,
  call: (args: Args) => Promise<T>,
): QueryAnswer<T> {
  const key = args === null ? null : keyOf(endpoint, args);
  const read = () => (key === null ? NOT_ASKED : entryOf(key));
  const entry = useSyncExternalStore(subscribe, read, read);
  const last = useRef<unknown>(undefined);
  if (key === null) last.current = undefined;
  else if (entry.data !== undefined) last.current = entry.data;
  // The key says everything the arguments do: the effect runs again when it changes, and reads these.
  const asked = useRef({ args, call });
  asked.current = { args, call };

  useEffect(() => {
    const { args, call } = asked.current;
    if (args === null || key === null) return;
    if (entries.get(key)?.failed) changed(key, { failed: false, asking: false });
    ask(endpoint, args, call);
  }, [endpoint, key]);

  return {
    data: last.current as T | undefined,
    isFetching: key !== null && (entry.asking || (entry.data === undefined && !entry.failed)),
    isError: entry.failed,
    error: entry.error,
  };
}

/** Asks for a call now (a button's press), from the islands' cache when it has the answer. */
export async function askIsland<Args, T>(endpoint: string, args: Args, call: (args: Args) => Promise<T>) {
  const key = keyOf(endpoint, args);
  const known = entryOf(key);
  if (known.data !== undefined) return known.data as T;
  const data = await call(args);
  changed(key, { data, failed: false, asking: false });
  return data;
}
