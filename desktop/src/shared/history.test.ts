import { describe, expect, it, vi } from 'vitest';
import { createHistory } from './history.ts';

function counter() {
  const state = { value: 0 };
  const add = (n: number) => ({
    label: `add ${n}`,
    apply: () => {
      state.value += n;
    },
    revert: () => {
      state.value -= n;
    },
  });
  return { state, add };
}

describe('createHistory', () => {
  it('returns the earlier state after undo and the later one after redo', async () => {
    const { state, add } = counter();
    const history = createHistory();
    await history.execute(add(2));
    await history.execute(add(3));
    await history.undo();
    expect(state.value).toBe(2);
    expect(history.redoLabel()).toBe('add 3');
    await history.redo();
    expect(state.value).toBe(5);
  });

  it('returns no redo after a new edit', async () => {
    const { state, add } = counter();
    const history = createHistory();
    await history.execute(add(1));
    await history.undo();
    await history.execute(add(10));
    expect(history.canRedo()).toBe(false);
    await history.redo();
    expect(state.value).toBe(10);
  });

  it('returns edits applied in call order even without awaiting', async () => {
    // A fake clock: the first edit takes longer than the second, and no test time passes.
    vi.useFakeTimers();
    try {
      const order: string[] = [];
      const history = createHistory();
      const slow = (name: string, ms: number) => ({
        label: name,
        apply: () =>
          new Promise<void>((resolve) => setTimeout(() => (order.push(name), resolve()), ms)),
        revert: () => undefined,
      });
      void history.execute(slow('first', 30));
      const second = history.execute(slow('second', 1));
      await vi.runAllTimersAsync();
      await second;
      expect(order).toEqual(['first', 'second']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('returns at most `limit` undo steps and nothing to undo on an empty stack', async () => {
    const { state, add } = counter();
    const history = createHistory(2);
    await history.undo();
    for (const n of [1, 2, 3]) await history.execute(add(n));
    await history.undo();
    await history.undo();
    await history.undo();
    expect(state.value).toBe(1);
    expect(history.canUndo()).toBe(false);
  });
});
