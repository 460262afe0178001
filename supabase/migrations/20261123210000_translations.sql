-- Meanings in the learner's own language. The product teaches English, German and Spanish
-- speakers, so every vocabulary word and tourist-pack word carries its meaning in all three
-- (word_en keeps the spec's name; word_de and word_es stand beside it), and every transcript
-- line can carry a translation in each. A missing translation is null, never an empty string,
-- so the apps can fall back to English visibly. The columns belong to rows whose policies
-- already decide who reads and writes them; nothing new to grant.
--
-- profiles.meaning_language is the language the learner reads meanings in ('en', 'de', 'es').
-- Null means "not chosen yet": the app then uses the interface language. It lives on the
-- profile so it follows the learner to another device.

alter table public.lesson_vocabulary
  add column word_de text,
  add column word_es text,
  add constraint lesson_vocabulary_word_de_check check (
    word_de is null or (char_length(btrim(word_de)) >= 1 and word_de = normalize(word_de, NFC))
  ),
  add constraint lesson_vocabulary_word_es_check check (
    word_es is null or (char_length(btrim(word_es)) >= 1 and word_es = normalize(word_es, NFC))
  );

alter table public.tourist_pack_words
  add column word_de text,
  add column word_es text,
  add constraint tourist_pack_words_word_de_check check (
    word_de is null or (char_length(btrim(word_de)) >= 1 and word_de = normalize(word_de, NFC))
  ),
  add constraint tourist_pack_words_word_es_check check (
    word_es is null or (char_length(btrim(word_es)) >= 1 and word_es = normalize(word_es, NFC))
  );

alter table public.lesson_transcript
  add column translation_en text,
  add column translation_de text,
  add column translation_es text,
  add constraint lesson_transcript_translation_en_check check (
    translation_en is null
    or (char_length(btrim(translation_en)) >= 1 and translation_en = normalize(translation_en, NFC))
  ),
  add constraint lesson_transcript_translation_de_check check (
    translation_de is null
    or (char_length(btrim(translation_de)) >= 1 and translation_de = normalize(translation_de, NFC))
  ),
  add constraint lesson_transcript_translation_es_check check (
    translation_es is null
    or (char_length(btrim(translation_es)) >= 1 and translation_es = normalize(translation_es, NFC))
  );

alter table public.profiles
  add column meaning_language text,
  add constraint profiles_meaning_language_check check (
    meaning_language is null or meaning_language in ('en', 'de', 'es')
  );
