/** How long one domain may take before it counts as unreachable. */
const SPEED_TEST_TIMEOUT_MS = 5000;

export type SpeedResult =
  | { state: 'pending' }
  | { state: 'done'; ms: number }
  | { state: 'timeout' }
  | { state: 'failed' };

/**
 * The time one request to a domain takes (§2 right bar, speed test). The request is "no-cors": the answer
 * cannot be read, and need not be, only its arrival is timed.
 */
export async function measureLatency(
  domain: string,
  timeoutMs = SPEED_TEST_TIMEOUT_MS,
): Promise<SpeedResult> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), timeoutMs);
  const started = performance.now();
  try {
    const url = new URL('/favicon.ico', domain);
    url.searchParams.set('speedtest', String(Date.now()));
    await fetch(url, { mode: 'no-cors', cache: 'no-store', signal: controller.signal });
    return { state: 'done', ms: Math.round(performance.now() - started) };
  } catch {
    return controller.signal.aborted ? { state: 'timeout' } : { state: 'failed' };
  } finally {
    window.clearTimeout(timer);
  }
}

/** A reading's quality, for its colour: fast under 300 ms, fair under 1 s, else slow. */
export function speedClass(ms: number): 'fast' | 'fair' | 'slow' {
  if (ms < 300) return 'fast';
  if (ms < 1000) return 'fair';
  return 'slow';
}
