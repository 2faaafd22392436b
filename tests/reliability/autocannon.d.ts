/**
 * The part of autocannon 9's API the server benchmark uses (the package ships no types).
 * See node_modules/autocannon/README.md, "API".
 */
declare module "autocannon" {
  export type Histogram = {
    min: number;
    max: number;
    average: number;
    stddev: number;
    total?: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };

  export type RequestParams = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  };

  export type AutocannonRequest = RequestParams & {
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => void;
  };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    overallRate?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: AutocannonRequest[];
    initialContext?: Record<string, unknown>;
  };

  export type Result = {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    "2xx": number;
    "4xx": number;
    "5xx": number;
    statusCodeStats: Record<string, { count: number }>;
  };

  export type Instance = {
    stop(): void;
    on(event: "response", listener: (client: unknown, status: number) => void): Instance;
    on(event: "done", listener: (result: Result) => void): Instance;
  };

  function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): Instance;
  export default autocannon;
}
