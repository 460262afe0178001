import {
  message,
  type Message,
  type MessageKey,
  type MessageParams,
  type Rendered,
} from '../messages/index.ts';

/** Field name → message. `form` holds a message about the form as a whole (toast or alert). */
export type FieldErrors<F extends string> = Partial<Record<F | 'form', Message & Rendered>>;

/**
 * A failed validation: the errors by field, plus the first error's `key` and `params` (and its
 * English `message`, for logs) for forms that show a single toast.
 */
export type ValidationFailure<F extends string> = Message &
  Rendered & {
    readonly ok: false;
    readonly errors: FieldErrors<F>;
  };

/** A validated form: the cleaned value (trimmed, NFC), or what is wrong with it. */
export type Validation<T, F extends string> =
  { readonly ok: true; readonly value: T } | ValidationFailure<F>;

/** Collects errors in order; the first error of a field wins. */
export class ErrorCollector<F extends string> {
  readonly errors: FieldErrors<F> = {};
  private first: (Message & Rendered) | null = null;

  add(field: F | 'form', key: MessageKey, params?: MessageParams): void {
    if (this.errors[field] !== undefined) return;
    const error = message(key, params);
    this.errors[field] = error;
    this.first ??= error;
  }

  failed(): boolean {
    return this.first !== null;
  }

  failure(): ValidationFailure<F> {
    const first = this.first ?? message('auth.unexpectedError');
    return { ok: false, errors: this.errors, ...first };
  }

  has(field: F | 'form'): boolean {
    return this.errors[field] !== undefined;
  }

  result<T>(value: () => T): Validation<T, F> {
    return this.first === null ? { ok: true, value: value() } : this.failure();
  }
}

/** Trimmed NFC text; absent values are empty. */
export function text(value: string | null | undefined): string {
  return (value ?? '').normalize('NFC').trim();
}
