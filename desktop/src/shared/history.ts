/** One undoable edit: `apply` does it (again), `revert` takes it back. */
export type Command = {
  readonly label: string;
  readonly apply: () => Promise<void> | void;
  readonly revert: () => Promise<void> | void;
};

/**
 * The editor's undo/redo stack. A new edit clears what could be redone; the oldest edits fall
 * off past `limit`. Commands run one at a time, in order, even when called in quick succession.
 */
export function createHistory(limit = 500) {
  const done: Command[] = [];
  const undone: Command[] = [];
  let queue: Promise<void> = Promise.resolve();
  const serial = (task: () => Promise<void>): Promise<void> => {
    queue = queue.then(task, task);
    return queue;
  };
  return {
    execute(command: Command): Promise<void> {
      return serial(async () => {
        await command.apply();
        done.push(command);
        if (done.length > limit) done.shift();
        undone.length = 0;
      });
    },
    undo(): Promise<void> {
      return serial(async () => {
        const command = done.pop();
        if (!command) return;
        await command.revert();
        undone.push(command);
      });
    },
    redo(): Promise<void> {
      return serial(async () => {
        const command = undone.pop();
        if (!command) return;
        await command.apply();
        done.push(command);
      });
    },
    canUndo: () => done.length > 0,
    canRedo: () => undone.length > 0,
    undoLabel: () => done.at(-1)?.label ?? null,
    redoLabel: () => undone.at(-1)?.label ?? null,
  };
}
export type History = ReturnType<typeof createHistory>;
