// Grading on the server (DESIGN §12.1): a typed answer is compared with the item as the database
// holds it, by core's comparison, so a client cannot call a wrong answer right. The item is read
// with the caller's own client: RLS shows published content only, so an unpublished or unknown
// item is "not found" before anything is written.
import { gradePracticeAnswer } from '../_shared/core/index.ts';
import type { PracticeAnswer, PracticeGrade } from '../_shared/core/index.ts';
import { HttpError, fromDbError } from '../_shared/http.ts';
import type { UserClient } from '../_shared/http.ts';
import type { Answer } from './parse.ts';

type WordText = { readonly hungarian: string; readonly meanings: readonly (string | null)[] };

async function wordText(client: UserClient, answer: Answer): Promise<WordText> {
  if (answer.item.kind === 'vocabulary') {
    const { data, error } = await client
      .from('lesson_vocabulary')
      .select('word_hu, word_en, word_de, word_es')
      .eq('id', answer.item.id)
      .maybeSingle();
    if (error) throw fromDbError(error);
    if (!data) throw new HttpError(404, 'not_found', `vocabulary word ${answer.item.id} not found`);
    return { hungarian: data.word_hu, meanings: [data.word_en, data.word_de, data.word_es] };
  }
  const { data, error } = await client
    .from('glossary_entries')
    .select('lemma, meaning_en, meaning_de, meaning_es')
    .eq('id', answer.item.id)
    .maybeSingle();
  if (error) throw fromDbError(error);
  if (!data) throw new HttpError(404, 'not_found', `glossary word ${answer.item.id} not found`);
  return { hungarian: data.lemma, meanings: [data.meaning_en, data.meaning_de, data.meaning_es] };
}

async function lineText(client: UserClient, lineId: string): Promise<string> {
  const { data, error } = await client
    .from('lesson_transcript')
    .select('text_content')
    .eq('id', lineId)
    .maybeSingle();
  if (error) throw fromDbError(error);
  if (!data) throw new HttpError(404, 'not_found', `line ${lineId} not found`);
  return data.text_content;
}

/** The answer as core grades it, with the item's text read where the skill needs it. */
async function practiceAnswer(client: UserClient, answer: Answer): Promise<PracticeAnswer> {
  const { input, durationMs } = answer;
  switch (input.skill) {
    case 'recognition':
      return { skill: 'recognition', correct: input.correct, durationMs };
    case 'speaking':
      return { skill: 'speaking', rating: input.rating };
    case 'recall': {
      const word = await wordText(client, answer);
      return { ...input, accepted: word.hungarian, durationMs };
    }
    case 'listening': {
      const word = await wordText(client, answer);
      return { ...input, meanings: word.meanings, durationMs };
    }
    case 'dictation':
      return { ...input, line: await lineText(client, answer.item.id), durationMs };
  }
}

export async function gradeAnswer(client: UserClient, answer: Answer): Promise<PracticeGrade> {
  return gradePracticeAnswer(await practiceAnswer(client, answer));
}
