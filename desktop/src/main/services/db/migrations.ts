// Append-only: never edit or reorder an entry once committed; add a new one instead.
// Every table is STRICT; the *_search columns hold lower-cased NFC text because SQLite's NOCASE
// and LIKE fold ASCII only (Ő/ő would not match).
export const MIGRATIONS: readonly { name: string; sql: string }[] = [
  {
    name: 'drafts',
    sql: `
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE lessons (
  id INTEGER PRIMARY KEY,
  folder TEXT NOT NULL UNIQUE,
  lesson_number INTEGER,
  title TEXT NOT NULL,
  title_search TEXT NOT NULL,
  level TEXT NOT NULL DEFAULT 'beginner' CHECK (level IN ('beginner', 'intermediate', 'advanced')),
  description TEXT NOT NULL DEFAULT '',
  topic TEXT NOT NULL DEFAULT '',
  dialogue_file TEXT,
  duration_seconds REAL,
  remote_id TEXT,
  published_status TEXT CHECK (published_status IN ('draft', 'published')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE transcript_lines (
  id INTEGER PRIMARY KEY,
  lesson_id INTEGER NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  line_number INTEGER NOT NULL,
  speaker TEXT NOT NULL,
  text TEXT NOT NULL,
  text_search TEXT NOT NULL,
  start_time REAL,
  end_time REAL,
  UNIQUE (lesson_id, line_number)
) STRICT;

CREATE TABLE vocabulary_words (
  id INTEGER PRIMARY KEY,
  lesson_id INTEGER NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  word_hu TEXT NOT NULL,
  word_hu_search TEXT NOT NULL,
  word_en TEXT NOT NULL,
  difficulty TEXT NOT NULL,
  audio_file TEXT,
  match_level TEXT,
  UNIQUE (lesson_id, position)
) STRICT;

CREATE TABLE audio_files (
  id INTEGER PRIMARY KEY,
  lesson_id INTEGER NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('dialogue', 'vocabulary')),
  size INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  duration_seconds REAL,
  UNIQUE (lesson_id, file_name)
) STRICT;

CREATE TABLE waveform_peaks (
  lesson_id INTEGER PRIMARY KEY REFERENCES lessons (id) ON DELETE CASCADE,
  source_hash TEXT NOT NULL,
  peaks_per_second INTEGER NOT NULL,
  duration_seconds REAL NOT NULL,
  data BLOB NOT NULL
) STRICT;

CREATE TABLE import_issues (
  id INTEGER PRIMARY KEY,
  lesson_id INTEGER NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  file TEXT NOT NULL,
  row INTEGER,
  code TEXT NOT NULL,
  message TEXT NOT NULL
) STRICT;

CREATE TABLE published_items (
  lesson_id INTEGER NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  item TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  remote_ref TEXT NOT NULL,
  published_at TEXT NOT NULL,
  PRIMARY KEY (lesson_id, item)
) STRICT;

CREATE INDEX transcript_lines_search ON transcript_lines (text_search);
CREATE INDEX vocabulary_words_search ON vocabulary_words (word_hu_search);
CREATE INDEX lessons_search ON lessons (title_search);
`,
  },
  {
    // Meanings and line translations in English, German and Spanish ('' = missing); a
    // fingerprint of what was last published, to mark lessons changed since; the hashes of the
    // transcript and vocabulary files last imported, so a re-import of an unchanged file keeps
    // the author's edits.
    name: 'translations-and-publish-state',
    sql: `
ALTER TABLE transcript_lines ADD COLUMN translation_en TEXT NOT NULL DEFAULT '';
ALTER TABLE transcript_lines ADD COLUMN translation_de TEXT NOT NULL DEFAULT '';
ALTER TABLE transcript_lines ADD COLUMN translation_es TEXT NOT NULL DEFAULT '';
ALTER TABLE vocabulary_words ADD COLUMN word_de TEXT NOT NULL DEFAULT '';
ALTER TABLE vocabulary_words ADD COLUMN word_es TEXT NOT NULL DEFAULT '';
ALTER TABLE lessons ADD COLUMN published_fingerprint TEXT;
ALTER TABLE lessons ADD COLUMN transcript_source_hash TEXT;
ALTER TABLE lessons ADD COLUMN vocabulary_source_hash TEXT;
`,
  },
  {
    // What the server had of each row after the studio's last publish, and what the studio sent
    // (JSON of the server's columns): a later publish compares the server's rows with it to find
    // what was changed on the server (the web editor) since, instead of overwriting it.
    // local_id is the draft's line or word (NULL for the lesson's own row, or once it is gone).
    name: 'published-rows',
    sql: `
CREATE TABLE published_rows (
  lesson_id INTEGER NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('lesson', 'line', 'word')),
  remote_id TEXT NOT NULL,
  local_id INTEGER,
  sent TEXT NOT NULL,
  server TEXT NOT NULL,
  PRIMARY KEY (lesson_id, kind, remote_id)
) STRICT;
`,
  },
  {
    // Word times from forced alignment (issue 28), one row per word of a line as core's
    // tokenize cuts it, shaped like the server's transcript_tokens (DESIGN §12.3): text and
    // UTF-16 offsets into the line's NFC text, start and end in each audio version (null until
    // aligned). A line whose text changes loses its rows. `timed_by_hand` marks lines whose
    // times an author set: the aligner keeps them as anchors.
    name: 'word-times',
    sql: `
CREATE TABLE transcript_tokens (
  line_id INTEGER NOT NULL REFERENCES transcript_lines (id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position >= 0),
  text TEXT NOT NULL,
  char_start INTEGER NOT NULL CHECK (char_start >= 0),
  char_end INTEGER NOT NULL CHECK (char_end > char_start),
  start_time REAL,
  end_time REAL,
  slow_start_time REAL,
  slow_end_time REAL,
  natural_start_time REAL,
  natural_end_time REAL,
  PRIMARY KEY (line_id, position)
) STRICT;

ALTER TABLE transcript_lines ADD COLUMN timed_by_hand INTEGER NOT NULL DEFAULT 0
  CHECK (timed_by_hand IN (0, 1));
`,
  },
  {
    // An author's edit of a word (issue 31 point 4): JSON of TokenEdit (dictionary form, notes,
    // lesson word, meanings, name, confirmed), NULL when the author set nothing; edit_pending
    // until a publish sent it. published_token_lines: per server line, a hash of its words'
    // author fields as the server had them after the studio's last publish, so a later
    // publish sees a line whose words the web changed since (a conflict when the studio
    // changed them too).
    name: 'token-edits',
    sql: `
ALTER TABLE transcript_tokens ADD COLUMN edit TEXT;
ALTER TABLE transcript_tokens ADD COLUMN edit_pending INTEGER NOT NULL DEFAULT 0
  CHECK (edit_pending IN (0, 1));

CREATE TABLE published_token_lines (
  lesson_id INTEGER NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
  remote_line_id TEXT NOT NULL,
  server_hash TEXT NOT NULL,
  PRIMARY KEY (lesson_id, remote_line_id)
) STRICT;
`,
  },
];
