import { describe, expect, it } from 'vitest';
import { bestAnalysis, readAnalysis } from './morphology.ts';
import { GRAMMAR_NOTE_TEXTS, grammarNote } from './notes.ts';
import { Constants } from '../../../supabase/types/database.ts';

// Lines as Debian's hunspell-hu prints them (`hunspell -d hu_HU -m`), al: fields left out.
const read = (line: string) => readAnalysis(line);

describe('readAnalysis', () => {
  it('reads the dictionary form and the case endings', () => {
    expect(
      read('kávézóban  st:kávé po:noun ts:NOM ds:z_ACTION_vrb ds:Ó_PRESPART_adj ts:NOM is:INE'),
    ).toMatchObject({ lemma: 'kávé', notes: ['inessive'] });
    expect(read('házakban  st:ház po:noun ts:PLUR ts:NOM is:PLUR is:INE')).toMatchObject({
      lemma: 'ház',
      notes: ['plural', 'inessive'],
    });
    expect(read('önöket  st:ön po:noun ts:NOM is:PLUR is:ACC')?.notes).toEqual([
      'plural',
      'accusative',
    ]);
    expect(read('asztalra st:asztal po:noun ts:NOM is:SBL')?.notes).toEqual(['sublative']);
    expect(read('asztalról st:asztal po:noun ts:NOM is:DEL')?.notes).toEqual(['delative']);
    expect(read('autóval st:autó po:noun ts:NOM is:INSTR')?.notes).toEqual(['instrumental']);
    expect(read('barátomért st:barát po:noun ts:NOM is:POSS_SG_1 is:CAUS/FIN')?.notes).toEqual([
      'possessive_1sg',
      'causal_final',
    ]);
  });

  it('reads persons, tenses, definiteness and the verbal prefix', () => {
    expect(
      read('kérek  st:kér po:vrb ts:PRES_INDIC_INDEF_SG_3 is:PRES_INDIC_INDEF_SG_1')?.notes,
    ).toEqual(['first_person_singular']);
    expect(read('megyünk  st:megy po:vrb is:PRES_INDIC_INDEF_PL_1')).toMatchObject({
      lemma: 'megy',
      notes: ['first_person_plural'],
    });
    expect(
      read('kérem  st:kér po:vrb ts:PRES_INDIC_INDEF_SG_3 is:PRES_INDIC_DEF_SG_1')?.notes,
    ).toEqual(['first_person_singular', 'definite_conjugation']);
    expect(read('mentünk  st:megy po:vrb is:PAST_INDIC_INDEF_PL_1')?.notes).toEqual([
      'first_person_plural',
      'past',
    ]);
    expect(read('láttalak st:lát po:vrb is:PAST_INDIC_SG_1_OBJ_2')?.notes).toEqual([
      'first_person_singular',
      'past',
      'i_you',
    ]);
    expect(read('mennék st:megy po:vrb is:PRES_COND_INDEF_SG_1')?.notes).toEqual([
      'first_person_singular',
      'conditional',
    ]);
    expect(read('menj st:megy po:vrb is:SUBJ/IMPER_INDEF_SG_2')?.notes).toEqual([
      'second_person_singular',
      'imperative',
    ]);
    expect(read('menni st:megy po:vrb is:ni_INFINITIVE_inf')?.notes).toEqual(['infinitive']);
    expect(
      read(
        'megnézzük ip:PREF sp:meg st:néz po:vrb ts:PRES_INDIC_INDEF_SG_3 is:PRES_INDIC_DEF_PL_1',
      ),
    ).toMatchObject({
      lemma: 'megnéz',
      notes: ['verbal_prefix', 'first_person_plural', 'definite_conjugation'],
    });
    expect(
      read(
        'mehetünk st:megy po:vrb is:hAt_MODAL_vrb ts:PRES_INDIC_INDEF_SG_3 is:PRES_INDIC_INDEF_PL_1',
      )?.notes,
    ).toEqual(['potential', 'first_person_plural']);
  });

  it('gives the dictionary form itself no note', () => {
    expect(read('kér st:kér po:vrb is:PRES_INDIC_INDEF_SG_3')?.notes).toEqual([]);
    expect(read('ház st:ház po:noun ts:NOM')?.notes).toEqual([]);
  });

  it('reads comparison, adverbs and -i adjectives', () => {
    expect(read('nagyobb st:nagy po:adj is:bb_COMPARATIVE_adj ts:NOM')?.notes).toEqual([
      'comparative',
    ]);
    expect(
      read('legnagyobb ip:leg_SUPERLATIVE_adj st:nagy po:adj is:bb_COMPARATIVE_adj ts:NOM')?.notes,
    ).toEqual(['superlative']);
    expect(read('jól st:jó po:adj ds:An_MODE_adv')?.notes).toEqual(['adverb']);
    expect(
      read('budapesti fl:" st:Budapest po:noun_prs ts:NOM is:i_PLACE/TIME_adj ts:NOM'),
    ).toMatchObject({ lemma: 'Budapest', partOfSpeech: 'noun_prs', notes: ['adjective_i'] });
  });

  it('returns NFC forms and nothing for a line without a stem', () => {
    expect(read(`x st:${'kávé'.normalize('NFD')} po:noun`)?.lemma).toBe('kávé');
    expect(read('kávézo')).toBeNull();
  });
});

describe('bestAnalysis', () => {
  const readings = [
    'mentek st:megy po:vrb ds:tt_PASTPART_adj ts:NOM is:PLUR is:NOM',
    'mentek st:megy po:vrb is:PAST_INDIC_INDEF_PL_3',
    'mentek st:ment po:adj ts:NOM is:PLUR is:NOM',
  ].map((l) => readAnalysis(l)!);

  it('prefers the plainest reading', () => {
    expect(bestAnalysis(readings)?.notes).toEqual(['third_person_plural', 'past']);
  });

  it('prefers a reading whose dictionary form the lesson or glossary has', () => {
    expect(bestAnalysis(readings, new Set(['ment']))?.lemma).toBe('ment');
    expect(bestAnalysis([])).toBeNull();
  });
});

describe('grammar note texts', () => {
  it('has a text in en, de and es for every value of the schema enum', () => {
    for (const key of Constants.public.Enums.grammar_note) {
      for (const language of ['en', 'de', 'es'] as const) {
        expect(grammarNote(key, language).trim().length).toBeGreaterThan(0);
      }
    }
    expect(Object.keys(GRAMMAR_NOTE_TEXTS).sort()).toEqual(
      [...Constants.public.Enums.grammar_note].sort(),
    );
  });
});
