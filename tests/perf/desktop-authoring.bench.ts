// Desktop studio: a 10-minute, 120-line dialogue (MP3, 44.1 kHz stereo) from "Import lessons"
// to the waveform drawn — import, in-process decode and first waveform under 2 s. Body in
// desktop/bench (type-checked there); builds the studio first when its output is missing.
const bench = (await import(
  new URL('../../desktop/bench/authoring-bench.ts', import.meta.url).href
)) as {
  run: () => Promise<boolean>;
};
process.exitCode = (await bench.run()) ? 0 : 1;
