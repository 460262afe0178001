// Prints the probe of one audio file as JSON: lets a test run the probe in a Node started with
// other flags (e.g. --jitless, where WebAssembly does not exist).
import { probeAudio } from '../../src/main/services/audio/probe.ts';

const [file = ''] = process.argv.slice(2);
const probe = await probeAudio(file, 'dialogue.mp3', () => true);
process.stdout.write(JSON.stringify({ issues: probe.issues, duration: probe.durationSeconds }));
