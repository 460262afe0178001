// Every export of each module.
export * from './line-item.ts';
export * from './mixed-session.ts';
export * from './practice-queue.ts';
export * from './grade.ts';
