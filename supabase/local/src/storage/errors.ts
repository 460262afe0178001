// Storage API error shapes (STO internal/errors/codes.ts, http/error-handler.ts): the body carries
// the logical status as a string; the HTTP status is 400 for 4xx-class errors, 500 otherwise.

export class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly code: string,
    readonly error: string,
    message: string,
    /** The HTTP status when hosted Storage does not use its usual 400/500. */
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

export function storageErrorResponse(e: StorageError): Response {
  const status = e.httpStatus ?? (e.statusCode === '500' ? 500 : 400);
  return new Response(
    JSON.stringify({ statusCode: e.statusCode, code: e.code, error: e.error, message: e.message }),
    { status, headers: { 'content-type': 'application/json; charset=utf-8' } },
  );
}

export const storageErrors = {
  noSuchBucket: () =>
    new StorageError('404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('404', 'NoSuchKey', 'not_found', 'Object not found'),
  keyAlreadyExists: () =>
    new StorageError('409', 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketAlreadyExists: () =>
    new StorageError('409', 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  bucketNotEmpty: () =>
    new StorageError(
      '409',
      'InvalidRequest',
      'Bucket not empty',
      'The bucket you tried to delete is not empty',
    ),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError('403', 'AccessDenied', 'Unauthorized', message),
  /** A route for the service role only (hosted: HTTP 403 too). */
  invalidRole: () =>
    new StorageError('403', 'AccessDenied', 'Unauthorized', 'Access denied: Invalid role', 403),
  invalidJwt: (message: string) => new StorageError('400', 'InvalidJWT', 'invalid_jwt', message),
  invalidSignature: (message = 'The url do not match the signature') =>
    new StorageError('400', 'InvalidSignature', 'invalid_signature', message),
  entityTooLarge: () =>
    new StorageError(
      '413',
      'EntityTooLarge',
      'Payload too large',
      'The object exceeded the maximum allowed size',
    ),
  invalidMimeType: (mime: string) =>
    new StorageError(
      '415',
      'InvalidMimeType',
      'invalid_mime_type',
      `mime type ${mime} is not supported`,
    ),
  invalidKey: (key: string) =>
    new StorageError('400', 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`),
  invalidBucketName: (name: string) =>
    new StorageError('400', 'InvalidBucketName', 'Invalid Input', `Bucket name invalid: ${name}`),
  missingParameter: (name: string) =>
    new StorageError('400', 'MissingParameter', 'Invalid Input', `Missing parameter: ${name}`),
  invalidRequest: (message: string) =>
    new StorageError('400', 'InvalidRequest', 'Invalid Input', message),
  notFound: () => new StorageError('404', 'NotFound', 'not_found', 'Route not found'),
  /** Hosted Storage answers a statement timeout with 544. */
  databaseTimeout: () =>
    new StorageError(
      '544',
      'DatabaseTimeout',
      'DatabaseTimeout',
      'The connection to the database timed out',
      544,
    ),
  internal: () => new StorageError('500', 'InternalError', 'internal', 'Internal Server Error'),
};

/** Maps a Postgres error (SQLSTATE in .code) to the storage error the API answers. */
export function fromDbError(
  error: unknown,
  duplicate = storageErrors.keyAlreadyExists,
): StorageError | null {
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === '42501') return storageErrors.accessDenied();
  if (code === '57014') return storageErrors.databaseTimeout();
  if (code === '23505') return duplicate();
  if (code === '23503') return storageErrors.noSuchBucket();
  if (code === '22P02' || code === '22023' || code === '23514' || code === '22001') {
    return storageErrors.invalidRequest('Invalid input');
  }
  return null;
}
