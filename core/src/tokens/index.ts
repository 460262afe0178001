export { tokenize } from './tokenize.ts';
export type { Token } from './tokenize.ts';
export { proposalRow, proposeTokens } from './propose.ts';
export type { LexiconEntry, MorphologyPort, ProposalContext, TokenProposal } from './propose.ts';
