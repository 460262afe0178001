import { useMemo } from 'react';
import { useI18n } from './i18n.tsx';
import { formatHour, formatNumber, formatPercent, formatRelative, levelKey } from './format.ts';

export type Formatters = {
  /** 2,000 / 2.000 / 2.000 */
  readonly number: (value: number) => string;
  /** 0.3 → 30% / 30 % / 30 % */
  readonly percent: (ratio: number) => string;
  /** beginner → Beginner / Anfänger / Principiante (an unknown level as stored) */
  readonly level: (level: string) => string;
  /** (3, 'hour') → in 3 hours / in 3 Stunden / dentro de 3 horas */
  readonly relative: (value: number, unit: Intl.RelativeTimeFormatUnit) => string;
  /** 18 → 18:00 */
  readonly hour: (hour: number) => string;
};

/** Numbers and level names in the interface language. */
export function useFormat(): Formatters {
  const { language, t } = useI18n();
  return useMemo(
    () => ({
      number: (value: number) => formatNumber(value, language),
      percent: (ratio: number) => formatPercent(ratio, language),
      level: (level: string) => {
        const key = levelKey(level);
        return key ? t(key) : level;
      },
      relative: (value: number, unit: Intl.RelativeTimeFormatUnit) =>
        formatRelative(value, unit, language),
      hour: (hour: number) => formatHour(hour, language),
    }),
    [language, t],
  );
}
