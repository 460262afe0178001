import { useId } from 'react';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../lib/language.ts';

export function LanguageSwitcher() {
  const { language, setLanguage, t } = useI18n();
  const id = useId();
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('app.language')}
      </label>
      <select id={id} value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}
