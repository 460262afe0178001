import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { MessageParams } from '@magyarul/core/messages';
import { english, translate, type FullCatalogue, type TextKey } from './catalogue.ts';
import { LANGUAGE_STORAGE_KEY, pickLanguage, type Language } from '../language.ts';

export type Translate = (key: TextKey, params?: MessageParams) => string;

type I18n = {
  readonly language: Language;
  readonly setLanguage: (language: Language) => void;
  readonly t: Translate;
};

const I18nContext = createContext<I18n | null>(null);

// German and Spanish are loaded on demand so English readers do not download them.
async function loadCatalogue(language: Language): Promise<FullCatalogue> {
  if (language === 'de') return (await import('./de.ts')).de;
  if (language === 'es') return (await import('./es.ts')).es;
  return english;
}

function readSaved(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(() =>
    pickLanguage(readSaved(), navigator.languages ?? [navigator.language]),
  );
  const [catalogue, setCatalogue] = useState<FullCatalogue>(english);

  useEffect(() => {
    let current = true;
    document.documentElement.lang = language;
    void loadCatalogue(language).then((loaded) => {
      if (current) setCatalogue(loaded);
    });
    return () => {
      current = false;
    };
  }, [language]);

  const setLanguage = useCallback((next: Language) => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Private mode may refuse storage; the choice then lasts for this visit only.
    }
    setLanguageState(next);
  }, []);

  const t = useCallback<Translate>((key, params) => translate(catalogue, key, params), [catalogue]);
  const value = useMemo(() => ({ language, setLanguage, t }), [language, setLanguage, t]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

export function useT(): Translate {
  return useI18n().t;
}
