const maxStemLength = 80;
const maxExtensionLength = 10;

/**
 * A file name safe as a storage key: NFC first, then Hungarian (and other Latin) accents are
 * transliterated (ő → o, Á → A) because Supabase Storage accepts only ASCII keys; any other
 * character becomes '-', runs collapse, the extension is lower-cased, the stem is at most 80
 * characters and starts with a letter or digit. Never empty: an unusable stem becomes 'file'.
 */
export function sanitizeFileName(name: string): string {
  const base = name.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const ascii = base.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const dot = ascii.lastIndexOf('.');
  const rawStem = dot > 0 ? ascii.slice(0, dot) : ascii;
  const rawExt = dot > 0 ? ascii.slice(dot + 1) : '';
  const ext = rawExt
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()
    .slice(0, maxExtensionLength);
  const stem =
    rawStem
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-_]+/, '')
      .slice(0, maxStemLength)
      .replace(/[-_]+$/, '') || 'file';
  return ext ? `${stem}.${ext}` : stem;
}

/**
 * '{userId or lessonId}/{timestamp}-{sanitized name}', the spec's storage path shape. The
 * timestamp is `now` in milliseconds, so a re-upload of the same name never overwrites.
 */
export function storagePath(owner: string, fileName: string, now: Date): string {
  const folder = owner.replace(/[^A-Za-z0-9_-]+/g, '-') || 'unknown';
  return `${folder}/${now.getTime()}-${sanitizeFileName(fileName)}`;
}
