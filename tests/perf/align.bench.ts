// Forced alignment: boundary errors on dialogues with known times and a 10-minute dialogue's
// alignment time (< 20 s). Body in desktop/bench (type-checked there).
const bench = (await import(
  new URL('../../desktop/bench/align-bench.ts', import.meta.url).href
)) as {
  run: () => Promise<boolean>;
};
process.exitCode = (await bench.run()) ? 0 : 1;
