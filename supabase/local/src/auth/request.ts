// Small request helpers shared by the auth, storage and functions services.

/** Reads a JSON object body; undefined body → {}. Throws BadJsonError on malformed JSON. */
export class BadJsonError extends Error {}

export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BadJsonError(error instanceof Error ? error.message : 'invalid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BadJsonError('expected a JSON object');
  }
  return parsed as Record<string, unknown>;
}

/** The bearer token of the Authorization header, or null. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization');
  if (!header) return null;
  const match = /^bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || null;
}

/**
 * The client address: the last X-Forwarded-For entry (the one the embedded server adds from
 * the socket), else X-Real-IP, else "local".
 */
export function clientIp(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for');
  if (forwarded) {
    const parts = forwarded
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const last = parts[parts.length - 1];
    if (last) return last;
  }
  return req.headers.get('x-real-ip') ?? 'local';
}

/** Postgres timestamps arrive as Date (PGlite) or text (pg); RFC 3339 or null. */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') {
    const m = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d(?:\.\d+)?)(Z|[+-]\d\d(?::?\d\d)?)?$/.exec(
      value,
    );
    let text = value;
    if (m) {
      let zone = m[3] ?? 'Z';
      if (/^[+-]\d\d$/.test(zone)) zone += ':00';
      else if (/^[+-]\d{4}$/.test(zone)) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
      text = `${m[1]}T${m[2]}${zone}`;
    }
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? value : d.toISOString();
  }
  return null;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** jsonb arrives parsed (pg, PGlite); tolerate text too. */
export function jsonObject(value: unknown): Record<string, unknown> {
  if (isRecord(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (isRecord(parsed)) return parsed;
    } catch {
      return {};
    }
  }
  return {};
}
