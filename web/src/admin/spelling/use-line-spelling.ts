import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Misspelling } from '@magyarul/core/spelling';
import { TRANSCRIPT_SPEAKERS } from '@magyarul/core/lessons';
import { getSupabase, toAppError } from '../../lib/supabase.ts';
import { checkSpelling } from './spell-checker.ts';

/** Typing pauses this long before the lines are checked again (as in the studio). */
const SETTLE_MS = 400;

/** The names a lesson's lines may use: its characters' names in every language, and keys. */
async function fetchCharacterNames(lessonId: string): Promise<string[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lesson_characters')
    .select('key, name_en, name_de, name_es')
    .eq('lesson_id', lessonId);
  if (error) throw toAppError(error);
  return data.flatMap((c) => [c.key, c.name_en, c.name_de ?? '', c.name_es ?? '']);
}

function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The Hungarian words of each line's text that hunspell does not know, by the text they were
 * found in (a line whose text changed since has none until its own check lands, so no mark
 * stands on the wrong letters). The lesson's speakers and characters are never flagged. Advice
 * only: nothing here blocks a save.
 */
export function useLineSpelling(
  lessonId: string,
  texts: readonly string[],
): ReadonlyMap<string, readonly Misspelling[]> {
  const characters = useQuery({
    queryKey: ['admin', 'characters', lessonId],
    queryFn: () => fetchCharacterNames(lessonId),
  });
  const settled = useSettled(JSON.stringify([...new Set(texts)].filter((t) => t.trim() !== '')));
  const names = [...TRANSCRIPT_SPEAKERS, ...(characters.data ?? [])];
  const check = useQuery({
    queryKey: ['spelling', settled, names],
    queryFn: async () => {
      const unique = JSON.parse(settled) as string[];
      const found = await checkSpelling(unique, names);
      return new Map(unique.map((text, i) => [text, found[i] ?? []]));
    },
    enabled: characters.isSuccess || characters.isError,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return check.data ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, readonly Misspelling[]> = new Map();
