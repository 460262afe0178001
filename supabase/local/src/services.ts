import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db, MailMessage, MailOutbox, Service } from './context.ts';

// The services of the other parts of the backend are found at boot (compat with parts that do
// not exist yet: their prefix then answers a JSON 404). See /work/coord/requests.md.

export type Services = {
  rest?: Service;
  auth?: Service;
  storage?: Service;
  functions?: Service;
  /** /_dev/mail and /_dev/mail.json (path '/mail' or '/mail.json'). */
  devMail?: Service;
};

async function load(file: string): Promise<Record<string, unknown> | null> {
  const url = new URL(file, import.meta.url);
  if (!existsSync(fileURLToPath(url))) return null;
  return (await import(url.href)) as Record<string, unknown>;
}

function asService(value: unknown): Service | undefined {
  return typeof value === 'function' ? (value as Service) : undefined;
}

export async function loadServices(): Promise<
  Services & { createMailOutbox?: (db: Db) => MailOutbox }
> {
  const [auth, storage, functions, mail] = await Promise.all([
    load('./auth/index.ts'),
    load('./storage/index.ts'),
    load('./functions/index.ts'),
    load('./mail/index.ts'),
  ]);
  const createMailOutbox = mail?.createMailOutbox;
  const services: Services & { createMailOutbox?: (db: Db) => MailOutbox } = {};
  const a = asService(auth?.authService);
  if (a) services.auth = a;
  const s = asService(storage?.storageService);
  if (s) services.storage = s;
  const f = asService(functions?.functionsService);
  if (f) services.functions = f;
  const m = asService(mail?.devMailService);
  if (m) services.devMail = m;
  if (typeof createMailOutbox === 'function') {
    services.createMailOutbox = createMailOutbox as (db: Db) => MailOutbox;
  }
  return services;
}

/** Used only when src/mail does not provide an outbox: keeps messages in memory. */
export function memoryOutbox(): MailOutbox {
  const messages: MailMessage[] = [];
  let next = 1;
  return {
    send(message) {
      messages.unshift({ ...message, id: String(next++), created_at: new Date().toISOString() });
      return Promise.resolve();
    },
    list() {
      return Promise.resolve([...messages]);
    },
  };
}
