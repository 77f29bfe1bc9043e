/** The part of autocannon's API the load generator (load.ts) uses; the package ships no types. */
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  export default function autocannon(
    options: { url: string; connections: number; duration?: number; amount?: number; requests: Request[] },
    done: (error: Error | null, result: Result) => void,
  ): unknown;
}
