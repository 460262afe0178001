// Tiny runtime validators for IPC arguments. The renderer is treated as untrusted: every value
// crossing the bridge is checked before a service sees it.

export type Validator<T> = (value: unknown, path: string) => T;

export class InvalidArgumentError extends Error {
  readonly code = 'invalid_argument';
}

function fail(path: string, expected: string): never {
  throw new InvalidArgumentError(`${path}: expected ${expected}`);
}

export const str =
  (maxLength = 10_000): Validator<string> =>
  (value, path) => {
    if (typeof value !== 'string' || value.length > maxLength || value.includes('\0')) {
      fail(path, `a string of at most ${maxLength} characters`);
    }
    return value;
  };

export const int =
  (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Validator<number> =>
  (value, path) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      fail(path, `an integer in [${min}, ${max}]`);
    }
    return value;
  };

export const num =
  (min = -Number.MAX_VALUE, max = Number.MAX_VALUE): Validator<number> =>
  (value, path) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      fail(path, `a finite number in [${min}, ${max}]`);
    }
    return value;
  };

/** A string matching `pattern` (anchored by the caller), e.g. a UUID. */
export const matching =
  (pattern: RegExp, what: string): Validator<string> =>
  (value, path) => {
    if (typeof value !== 'string' || value.length > 200 || !pattern.test(value)) fail(path, what);
    return value;
  };

export const bool: Validator<boolean> = (value, path) => {
  if (typeof value !== 'boolean') fail(path, 'a boolean');
  return value;
};

export const oneOf =
  <const T extends readonly string[]>(options: T): Validator<T[number]> =>
  (value, path) => {
    if (typeof value !== 'string' || !options.includes(value)) {
      fail(path, `one of ${options.join(', ')}`);
    }
    return value as T[number];
  };

export const nullable =
  <T>(inner: Validator<T>): Validator<T | null> =>
  (value, path) =>
    value === null ? null : inner(value, path);

export const optional =
  <T>(inner: Validator<T>): Validator<T | undefined> =>
  (value, path) =>
    value === undefined ? undefined : inner(value, path);

export const arrayOf =
  <T>(inner: Validator<T>, maxLength = 100_000): Validator<T[]> =>
  (value, path) => {
    if (!Array.isArray(value) || value.length > maxLength) {
      fail(path, `an array of at most ${maxLength} items`);
    }
    return value.map((item: unknown, index) => inner(item, `${path}[${index}]`));
  };

type Shape = Record<string, Validator<unknown>>;
type FromShape<S extends Shape> = { [K in keyof S]: ReturnType<S[K]> };

/** An object with exactly these keys (unknown keys are rejected, optional ones may be absent). */
export const object =
  <S extends Shape>(shape: S): Validator<FromShape<S>> =>
  (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      fail(path, 'an object');
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (!Object.hasOwn(shape, key)) fail(`${path}.${key}`, 'no such field');
    }
    const out: Record<string, unknown> = {};
    for (const [key, validate] of Object.entries(shape)) {
      const result = validate(record[key], `${path}.${key}`);
      if (result !== undefined) out[key] = result;
    }
    return out as FromShape<S>;
  };

/** Validates a whole argument list: exactly as many arguments as validators. */
export function validateArgs<T extends readonly unknown[]>(
  validators: { readonly [K in keyof T]: Validator<T[K]> },
  args: readonly unknown[],
  channel: string,
): T {
  if (args.length !== validators.length) {
    throw new InvalidArgumentError(
      `${channel}: expected ${validators.length} argument(s), got ${args.length}`,
    );
  }
  return validators.map((validate, index) =>
    (validate as Validator<unknown>)(args[index], `${channel} arg ${index}`),
  ) as unknown as T;
}
