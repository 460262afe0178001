// Latency samples of one request repeated while something else loads the server.

export type Latency = { samples: number[]; statuses: number[] };

export async function sample(count: number, request: () => Promise<Response>): Promise<Latency> {
  const samples: number[] = [];
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await request();
    await res.arrayBuffer();
    samples.push(performance.now() - started);
    statuses.push(res.status);
  }
  return { samples, statuses };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}
