import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { createDispatcher } from '../../src/main/dispatch.ts';
import type { ImportWorkerEntry } from '../../src/main/services/importer/run-import.ts';
import { createStudio } from '../../src/main/services/studio.ts';
import type { Studio } from '../../src/main/services/studio.ts';
import { mediaPath, parseMediaPath } from '../../src/shared/media-path.ts';
import { ANALYSER_DICTIONARY } from '../support/dictionary.ts';
import { bridgeScript } from './bridge-script.ts';

const RENDERER = join(import.meta.dirname, '..', '..', 'out', 'renderer');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.flac': 'audio/flac',
};

export type Harness = {
  readonly url: string;
  readonly studio: Studio;
  /** The pages the studio handed to the system browser (shell.openExternal), in order. */
  readonly opened: readonly string[];
  close(): Promise<void>;
};

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '[]') as unknown;
}

/** Streams a file with HTTP Range support, as the audio element needs for seeking. */
function sendFile(request: IncomingMessage, response: ServerResponse, file: string): void {
  const size = statSync(file).size;
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  if (range) {
    const start = range[1] ? Number(range[1]) : 0;
    const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    response.writeHead(206, {
      'content-type': type,
      'content-range': `bytes ${start}-${end}/${size}`,
      'content-length': end - start + 1,
      'accept-ranges': 'bytes',
    });
    createReadStream(file, { start, end }).pipe(response);
    return;
  }
  response.writeHead(200, {
    'content-type': type,
    'content-length': size,
    'accept-ranges': 'bytes',
  });
  createReadStream(file).pipe(response);
}

/**
 * Serves the built renderer with `window.studio` bridged over HTTP to the same services Electron's
 * main uses (createStudio + createDispatcher): /ipc/<channel> for calls, /events (SSE) for
 * progress, /media/... for audio. `root` is what "Choose lessons folder…" picks.
 */
export async function startHarness(options: {
  dataDir: string;
  root: string;
  /** The import worker: the .ts source under tsx unless given (benchmarks use the built one). */
  importWorker?: ImportWorkerEntry;
}): Promise<Harness> {
  const clients = new Set<ServerResponse>();
  const opened: string[] = [];
  const studio = createStudio({
    dataDir: options.dataDir,
    chooseFolder: () => Promise.resolve(options.root),
    emit: (channel, payload) => {
      for (const client of clients)
        client.write(`data: ${JSON.stringify({ channel, payload })}\n\n`);
    },
    mediaUrl: (ref) => `/media/${mediaPath(ref)}`,
    log: (message, context) => console.error(message, context),
    openExternal: (url) => {
      opened.push(url);
      return Promise.resolve();
    },
    importWorker: options.importWorker ?? {
      url: new URL('../../src/main/services/importer/import-worker.ts', import.meta.url),
      execArgv: ['--import', 'tsx'],
    },
    alignWorker: {
      url: new URL('../../src/main/services/align/align-worker.ts', import.meta.url),
      execArgv: ['--import', 'tsx'],
    },
    spellWorker: {
      url: new URL('../../src/main/services/spelling/spell-worker.ts', import.meta.url),
      execArgv: ['--import', 'tsx'],
    },
    analyserDictionary: ANALYSER_DICTIONARY,
  });
  const dispatch = createDispatcher(studio.handlers, studio.log);
  const index = readFileSync(join(RENDERER, 'index.html'), 'utf8').replace(
    '<script type="module"',
    '<script src="/__bridge.js"></script><script type="module"',
  );

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = decodeURIComponent(url.pathname);
    if (request.method === 'POST' && path.startsWith('/ipc/')) {
      void readJson(request)
        .then((args) => dispatch(path.slice(5), Array.isArray(args) ? args : [args]))
        .then((envelope) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(envelope));
        });
      return;
    }
    if (path === '/events') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.write(': connected\n\n');
      clients.add(response);
      request.on('close', () => clients.delete(response));
      return;
    }
    if (path.startsWith('/media/')) {
      const ref = parseMediaPath(url.pathname.slice('/media/'.length));
      const file = ref && studio.resolveMedia(ref);
      if (!file) {
        response.writeHead(404).end();
        return;
      }
      sendFile(request, response, file);
      return;
    }
    if (path === '/__bridge.js') {
      response.writeHead(200, { 'content-type': TYPES['.js'] as string });
      response.end(bridgeScript());
      return;
    }
    if (path === '/' || path === '/index.html') {
      response.writeHead(200, { 'content-type': TYPES['.html'] as string });
      response.end(index);
      return;
    }
    const file = normalize(join(RENDERER, path));
    if (!file.startsWith(RENDERER) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    sendFile(request, response, file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    studio,
    opened,
    close: async () => {
      for (const client of clients) client.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      studio.close();
    },
  };
}
