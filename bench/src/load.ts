import autocannon from 'autocannon';

export type LoadResult = {
  scenario: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  ratioToCeiling?: number;
  /** The server's peak resident memory so far (VmHWM), read after this scenario: where the peak is reached. */
  serverPeakRssMiB?: number | null;
};

export type LoadOptions = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
};

/** One autocannon run; errors count transport errors, time-outs and every non-2xx answer. */
export async function measure(scenario: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 16,
    duration: options.seconds ?? 5,
  });
  return {
    scenario,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
