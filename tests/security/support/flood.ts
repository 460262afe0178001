import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// A load of hostile requests from another process: `paths` are requested round-robin by
// `connections` loops until stop(); every status seen is counted. With `bodyBytes` each
// request is a POST of a JSON body that large (the big-body attack), else a GET.

const SELF = fileURLToPath(import.meta.url);

export type Flood = {
  /** Resolves once the first answers came back (the load is on). */
  started: Promise<void>;
  stop(): Promise<Record<string, number>>;
};

export function flood(
  url: string,
  headers: Record<string, string>,
  paths: string[],
  connections = 4,
  bodyBytes = 0,
): Flood {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SELF], {
    env: {
      ...process.env,
      FLOOD_URL: url,
      FLOOD_HEADERS: JSON.stringify(headers),
      FLOOD_PATHS: JSON.stringify(paths),
      FLOOD_CONNECTIONS: String(connections),
      FLOOD_BODY_BYTES: String(bodyBytes),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const started = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('STARTED')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`flood exited with ${code}`)));
  });
  return {
    started,
    stop() {
      return new Promise((resolve) => {
        child.once('exit', () => {
          const match = /COUNTS (\{.*\})/.exec(out);
          resolve(match?.[1] ? (JSON.parse(match[1]) as Record<string, number>) : {});
        });
        child.stdin?.end('stop\n');
      });
    },
  };
}

async function run(): Promise<void> {
  const url = process.env.FLOOD_URL ?? '';
  const headers = JSON.parse(process.env.FLOOD_HEADERS ?? '{}') as Record<string, string>;
  const paths = JSON.parse(process.env.FLOOD_PATHS ?? '[]') as string[];
  const connections = Number(process.env.FLOOD_CONNECTIONS ?? 4);
  const bodyBytes = Number(process.env.FLOOD_BODY_BYTES ?? 0);
  // {"email":"aaaa…"}: one JSON object of bodyBytes bytes.
  const body = bodyBytes > 0 ? Buffer.alloc(bodyBytes, 0x61) : null;
  body?.write('{"email":"', 0);
  body?.write('"}', bodyBytes - 2);
  const init: RequestInit = body
    ? { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body }
    : { headers };
  const counts: Record<string, number> = {};
  let stopping = false;
  let announced = false;
  process.stdin.on('data', () => {
    stopping = true;
  });
  let next = 0;
  const loop = async () => {
    while (!stopping) {
      const path = paths[next++ % paths.length] ?? '/';
      try {
        const res = await fetch(`${url}${path}`, init);
        await res.arrayBuffer();
        counts[res.status] = (counts[res.status] ?? 0) + 1;
      } catch {
        counts.error = (counts.error ?? 0) + 1;
      }
      if (!announced) {
        announced = true;
        process.stdout.write('STARTED\n');
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  process.stdout.write(`COUNTS ${JSON.stringify(counts)}\n`);
}

if (process.argv[1] === SELF) await run();
