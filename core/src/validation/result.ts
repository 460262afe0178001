import { t, type MessageKey, type MessageParams } from '../messages/index.ts';

/** Field name → message. `form` holds a message about the form as a whole (toast or alert). */
export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

/**
 * A validated form: the cleaned value (trimmed, NFC), or the errors by field plus `message`,
 * the first error, for forms that show a single toast.
 */
export type Validation<T, F extends string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: FieldErrors<F>; readonly message: string };

/** Collects errors in order; the first error of a field wins. */
export class ErrorCollector<F extends string> {
  readonly errors: FieldErrors<F> = {};
  private first: string | null = null;

  add(field: F | 'form', key: MessageKey, params?: MessageParams): void {
    this.addMessage(field, t(key, params));
  }

  /** Adds a message already rendered elsewhere (e.g. a file rule's rejection). */
  addMessage(field: F | 'form', message: string): void {
    if (this.errors[field] !== undefined) return;
    this.errors[field] = message;
    this.first ??= message;
  }

  failed(): boolean {
    return this.first !== null;
  }

  failure(): { readonly ok: false; readonly errors: FieldErrors<F>; readonly message: string } {
    return { ok: false, errors: this.errors, message: this.first ?? '' };
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
