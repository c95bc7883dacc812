/** A bounded closed-loop load: `concurrency` workers, `total` requests, latency percentiles. */
export async function measure(
  label: string,
  total: number,
  concurrency: number,
  send: () => Promise<Response>,
): Promise<{ label: string; rps: number; p50: number; p99: number; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const worker = async () => {
    while (issued < total) {
      issued += 1;
      const t0 = performance.now();
      const res = await send();
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (!res.ok) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    label,
    rps: Math.round(total / seconds),
    p50: +pct(0.5).toFixed(2),
    p99: +pct(0.99).toFixed(2),
    errors,
  };
}
