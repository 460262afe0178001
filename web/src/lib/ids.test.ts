import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId } from './ids.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns distinct version-4 uuids', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('returns version-4 uuids where randomUUID is missing (http on the LAN)', () => {
    const real = globalThis.crypto;
    const getRandomValues = <T extends ArrayBufferView>(array: T): T => real.getRandomValues(array);
    vi.stubGlobal('crypto', { getRandomValues });
    const ids = new Set(Array.from({ length: 200 }, () => newId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });
});
