/** What every benchmark measures with: the median, and calls per second of concurrent loops. */

export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Runs `work` in `concurrency` loops for `seconds`; answers completed calls per second, their median latency,
 * and how many calls threw (not counted as completed).
 */
export async function throughput(
  work: () => Promise<unknown>,
  { concurrency, seconds }: { concurrency: number; seconds: number },
): Promise<{ perSecond: number; medianMs: number; failures: number }> {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const start = performance.now();
      try {
        await work();
        latencies.push(performance.now() - start);
      } catch {
        failures += 1;
      }
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  return {
    perSecond: latencies.length / ((performance.now() - start) / 1000),
    medianMs: median(latencies),
    failures,
  };
}
