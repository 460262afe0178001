import { ErrorCollector, text, type Validation } from './result.ts';

/** The profile name: non-empty after trimming, saved trimmed. */
export function validateProfileName(name: string): Validation<{ name: string }, 'name'> {
  const errors = new ErrorCollector<'name'>();
  const value = text(name);
  if (value === '') errors.add('name', 'validation.nameRequired');
  return errors.result(() => ({ name: value }));
}
