import { useCallback } from 'react';
import { en, type MessageKey, type MessageParams } from '@magyarul/core/messages';
import { useT, type Translate } from './i18n.tsx';

/** An English catalogue text recognised again: its key and the values of its placeholders. */
export type RecognisedText = { readonly key: MessageKey; readonly params: MessageParams };

type Template = {
  readonly key: MessageKey;
  readonly pattern: RegExp;
  readonly names: readonly string[];
};

const placeholder = /\{(\w+)\}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

let exact: Map<string, MessageKey> | null = null;
let templates: Template[] | null = null;

function index(): { exact: Map<string, MessageKey>; templates: Template[] } {
  if (exact && templates) return { exact, templates };
  exact = new Map();
  templates = [];
  for (const key of Object.keys(en) as MessageKey[]) {
    const text: string = en[key];
    const names = [...text.matchAll(placeholder)].map((match) => match[1] ?? '');
    if (names.length === 0) {
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    const literal = text.split(placeholder).filter((_, i) => i % 2 === 0);
    // A template without words of its own (e.g. '{message}') would match any text.
    if (!/\p{L}/u.test(literal.join(''))) continue;
    const source = literal.map(escapeRegExp).join('(.+?)');
    templates.push({ key, names, pattern: new RegExp(`^${source}$`, 'u') });
  }
  return { exact, templates };
}

/**
 * Finds the catalogue key of an English text produced by @magyarul/core (its validation results
 * and messages are rendered in English), with the placeholder values it was filled with.
 */
export function recogniseCoreText(message: string): RecognisedText | null {
  const { exact: texts, templates: patterns } = index();
  const key = texts.get(message);
  if (key) return { key, params: {} };
  for (const template of patterns) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const params: Record<string, string> = {};
    template.names.forEach((name, i) => {
      params[name] ??= match[i + 1] ?? '';
    });
    return { key: template.key, params };
  }
  return null;
}

/** The text in the reader's language when it is a core catalogue text, else the text as is. */
export function localizeCoreText(message: string, t: Translate): string {
  const found = recogniseCoreText(message);
  return found ? t(found.key, found.params) : message;
}

export function useCoreText(): (message: string) => string {
  const t = useT();
  return useCallback((message: string) => localizeCoreText(message, t), [t]);
}
