// @magyarul/local storage: the Storage API service (/storage/v1), split by role:
// service.ts (router), caller.ts, names.ts, rows.ts, uploads.ts, downloads.ts, signed-urls.ts,
// objects.ts, buckets.ts, errors.ts, files.ts.
export { storageService } from './service.ts';
