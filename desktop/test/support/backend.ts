import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export type Backend = {
  readonly url: string;
  readonly port: number;
  readonly anonKey: string;
  readonly serviceKey: string;
  readonly child: ChildProcess;
  /** SIGKILL: no shutdown, no flushing — a crash. */
  kill(): Promise<void>;
};

/** Starts the embedded backend (@magyarul/local) in a child process on `dataDir`. */
export function startBackendProcess(dataDir: string, port = 0): Promise<Backend> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      new URL('./backend-process.ts', import.meta.url).pathname,
      dataDir,
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('backend did not start in 90 s')), 90_000);
    child.once('exit', (code) => reject(new Error(`backend exited with ${code}`)));
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => {
      clearTimeout(timer);
      const info = JSON.parse(line) as Omit<Backend, 'child' | 'kill'>;
      resolve({
        ...info,
        child,
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      });
    });
  });
}
