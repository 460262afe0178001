import type { Db, Service } from '../context.ts';
import { notFound } from '../http/errors.ts';

const caches = new WeakMap<Db, unknown>();

export function invalidateSchemaCache(db: Db): void {
  caches.delete(db);
}

export const restService: Service = (_req, path) => Promise.resolve(notFound(`/rest/v1${path}`));
