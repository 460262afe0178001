import { describe, expect, it } from 'vitest';
import {
  checkEmbedDepth,
  embedCount,
  embedDepth,
  HEAVY_COST,
  HeavyLane,
  MAX_EMBED_DEPTH,
  PLAIN_COST_TTL_MS,
  plainReadCost,
} from './bounds.ts';
import { ApiError } from './errors.ts';
import { parseQuery } from './parser.ts';

function parsed(select: string) {
  const result = parseQuery([['select', select]]);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('embed bounds', () => {
  it('measures the deepest embed of a select list', () => {
    expect(embedDepth(parsed('*').select)).toBe(0);
    expect(embedDepth(parsed('id,a(b(c(*))),d(*)').select)).toBe(3);
    expect(embedDepth(parsed('x:a!inner(...b(c)),e(f(g(h(*))))').select)).toBe(4);
  });

  it(`allows ${MAX_EMBED_DEPTH} levels and refuses more with a 400 PostgREST error`, () => {
    expect(checkEmbedDepth(parsed('*,a(*,b(*,c(*,d(*))))'))).toBe(4);
    let thrown: unknown;
    try {
      checkEmbedDepth(parsed('*,a(*,b(*,c(*,d(*,e(*)))))'));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(400);
    expect((thrown as ApiError).body).toEqual({
      code: 'PGRST100',
      message: 'The select parameter nests embedded resources 5 levels deep; at most 4 are allowed',
      details: null,
      hint: 'Request the deeper levels separately.',
    });
  });

  it('counts every embedded resource and refuses more than 20', () => {
    expect(embedCount(parsed('a(b(*),c(*)),d(*)').select)).toBe(4);
    const many = Array.from({ length: 21 }, (_, i) => `e${i}:a(*)`).join(',');
    expect(() => checkEmbedDepth(parsed(many))).toThrow(
      'The select parameter embeds 21 resources; at most 20 are allowed',
    );
  });

  it('lets one heavy task through the lane at a time, in order', async () => {
    const lane = new HeavyLane();
    const log: string[] = [];
    let releaseFirst = () => {};
    const first = lane.run(async () => {
      log.push('first start');
      await new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      log.push('first end');
    });
    const second = lane.run(async () => {
      log.push('second start');
      return 2;
    });
    await Promise.resolve();
    expect(log).toEqual(['first start']);
    releaseFirst();
    await first;
    expect(await second).toBe(2);
    expect(log).toEqual(['first start', 'first end', 'second start']);
  });
});

describe('plainReadCost', () => {
  it('plans a statement once per TTL and never keeps a heavy verdict', async () => {
    const db = {};
    let planned = 0;
    const plan = (cost: number) => () => {
      planned++;
      return Promise.resolve(cost);
    };
    expect(await plainReadCost(db, 'anon\nselect 1', plan(12), 1000)).toBe(12);
    expect(await plainReadCost(db, 'anon\nselect 1', plan(99), 2000)).toBe(12);
    expect(planned).toBe(1);
    expect(await plainReadCost(db, 'anon\nselect 1', plan(30), 1000 + PLAIN_COST_TTL_MS)).toBe(30);
    expect(await plainReadCost(db, 'authenticated\nselect 1', plan(40), 1000)).toBe(40);
    expect(planned).toBe(3);
    expect(await plainReadCost(db, 'anon\nselect 2', plan(HEAVY_COST + 1), 1000)).toBe(
      HEAVY_COST + 1,
    );
    expect(await plainReadCost(db, 'anon\nselect 2', plan(HEAVY_COST + 2), 1001)).toBe(
      HEAVY_COST + 2,
    );
    expect(planned).toBe(5);
  });
});
