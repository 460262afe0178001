export { MATCH_LEVELS, baseName, matchKey, matchKeys } from './normalise.ts';
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
