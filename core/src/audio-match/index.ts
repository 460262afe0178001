export { MATCH_LEVELS, baseName, matchKey } from './normalise.ts';
export type { MatchLevel } from './normalise.ts';
export { matchAudioFiles } from './match.ts';
export type {
  AudioMatchResult,
  MatchAmbiguity,
  MatchFile,
  MatchWord,
  MatchedPair,
} from './match.ts';
export { assignFile, fileForWord, unassignFile } from './manual.ts';
