// Public surface of @magyarul/core. Each domain folder has its own index; import from
// '@magyarul/core/<domain>' for a narrow dependency or from here for everything.
export * from './enums/index.ts';
export * from './messages/index.ts';
export * from './csv/index.ts';
export * from './files/index.ts';
export * from './validation/index.ts';
export * from './audio-match/index.ts';
export * from './flashcards/index.ts';
export * from './srs/index.ts';
export * from './answers/index.ts';
export * from './practice/index.ts';
export * from './lessons/index.ts';
export * from './tokens/index.ts';
export * from './grammar/index.ts';
