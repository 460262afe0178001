// @magyarul/local storage: the Storage API service (/storage/v1), split by role:
// service.ts (router), caller.ts, names.ts, rows.ts, uploads.ts, downloads.ts, signed-urls.ts,
// objects.ts, buckets.ts, errors.ts, files.ts.
export { storageService } from './service.ts';
export { cleanKey } from './names.ts';
export { GLOBAL_FILE_SIZE_LIMIT, mimeAllowed } from './uploads.ts';
export { parseSizeLimit } from './buckets.ts';
export { isInlineSafe } from './downloads.ts';
