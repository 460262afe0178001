export { tokenize } from './tokenize.ts';
export type { Token } from './tokenize.ts';
export { proposalRow, proposeTokens } from './propose.ts';
export type { LexiconEntry, MorphologyPort, ProposalContext, TokenProposal } from './propose.ts';
export {
  MEANING_COLUMNS,
  TOKEN_LIMITS,
  carryTokenFields,
  glossaryLinkOf,
  normaliseTokenFields,
  sameTokenFields,
  survivingTokens,
  tokenEditIssues,
  tokenFieldsOf,
} from './edit.ts';
export type { MeaningColumn, TokenEditIssue, TokenFields } from './edit.ts';
export { morphologyFromReadings, wordsToAnalyse } from './morphology.ts';
