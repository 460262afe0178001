// Desktop studio: importing 50 generated lesson folders — target under 30 s. The benchmark body
// lives with the desktop package (desktop/bench) so it is type-checked there.
const bench = (await import(
  new URL('../../desktop/bench/import-bench.ts', import.meta.url).href
)) as {
  run: () => Promise<boolean>;
};
process.exitCode = (await bench.run()) ? 0 : 1;
