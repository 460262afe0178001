// Go's time.Duration text, as GoTrue and the Supabase CLI write it.

/**
 * A Go duration in ms ("24h", "1h30m", "90s", "1m0s": ban_duration, [auth.email] max_frequency),
 * or null when the text is not one.
 */
export function parseGoDuration(value: string): number | null {
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value)) return null;
  const units: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  let total = 0;
  for (const part of value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(part[1]) * (units[part[2] ?? 's'] ?? 0);
  }
  return total;
}
