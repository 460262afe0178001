// Desktop studio: a 60-minute recording's waveform ready from stored peaks (target < 1 s) and
// 700 line regions created (target < 100 ms), in Debian Chromium. Body in desktop/bench.
const bench = (await import(
  new URL('../../desktop/bench/waveform-bench.ts', import.meta.url).href
)) as {
  run: () => Promise<boolean>;
};
process.exitCode = (await bench.run()) ? 0 : 1;
