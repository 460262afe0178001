// Interim copy of the tables the learner app touches, in the shape the Supabase type
// generator emits. It is replaced by `@magyarul/local/database` (generated from the
// migrations) as soon as that file exists; keep it to what the app reads and writes.

type Table<Row, Insert = Partial<Row>> = {
  Row: Row;
  Insert: Insert;
  Update: Partial<Row>;
  Relationships: [];
};

export type LessonRow = {
  id: string;
  title: string;
  description: string | null;
  lesson_number: number | null;
  level: string | null;
  duration: number | null;
  audio_url: string | null;
  image_url: string | null;
  topic: string | null;
  is_published: boolean;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  language_from: string | null;
  language_to: string | null;
};

export type TranscriptRow = {
  id: string;
  lesson_id: string;
  line_number: number;
  speaker: string;
  text_content: string;
  start_time: number | null;
  end_time: number | null;
};

export type VocabularyRow = {
  id: string;
  lesson_id: string;
  word_hu: string;
  word_en: string;
  difficulty: string | null;
  audio_file_path: string | null;
  created_at: string;
};

export type LessonProgressRow = {
  user_id: string;
  lesson_id: string;
  audio_completed: boolean;
  flashcard_score: number | null;
  flashcard_passed: boolean;
  flashcard_accuracy: number | null;
  is_completed: boolean;
  completed_at: string | null;
  updated_at: string;
};

export type FlashcardSessionRow = {
  id: string;
  user_id: string;
  lesson_id: string | null;
  total_cards: number;
  correct_answers: number;
  accuracy: number;
  session_completed: boolean;
  completed_at: string | null;
};

export type FeedbackRow = {
  id: string;
  user_id: string;
  feedback_type: string;
  title: string;
  description: string;
  page_url: string | null;
  user_agent: string | null;
  status: string;
  created_at: string;
};

export type Database = {
  public: {
    Tables: {
      lessons: Table<LessonRow>;
      lesson_transcript: Table<TranscriptRow>;
      lesson_vocabulary: Table<VocabularyRow>;
      user_lesson_progress: Table<
        LessonProgressRow,
        Partial<LessonProgressRow> & { user_id: string; lesson_id: string }
      >;
      user_vocabulary_progress: Table<{
        user_id: string;
        vocabulary_id: string;
        times_seen: number;
      }>;
      flashcard_sessions: Table<
        FlashcardSessionRow,
        Omit<FlashcardSessionRow, 'id'> & { id?: string }
      >;
      user_feedback: Table<
        FeedbackRow,
        Omit<FeedbackRow, 'id' | 'status' | 'created_at'> & { id?: string; status?: string }
      >;
      profiles: Table<{ user_id: string; name: string | null; time_zone: string | null }>;
      user_roles: Table<{ user_id: string; role: 'admin' | 'user' }>;
    };
    Views: { [_ in never]: never };
    Functions: {
      get_tourist_pack_progress: {
        Args: { _user_id: string };
        Returns: { reviewed_words: number; total_words: number }[];
      };
      get_user_reviewed_words_count: { Args: { _user_id: string }; Returns: number };
      get_streak: { Args: { _user_id: string }; Returns: number };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};
