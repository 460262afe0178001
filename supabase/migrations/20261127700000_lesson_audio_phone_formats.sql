-- Phone recordings (issue 28): the lesson-audio bucket also takes Ogg (Opus, Vorbis) and FLAC,
-- as the studio and the review page now do. Every other limit of the bucket stays as it was.
update storage.buckets
set allowed_mime_types = array[
  'audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/mp4',
  'audio/x-m4a', 'audio/aac', 'audio/ogg', 'audio/opus', 'audio/flac', 'audio/x-flac'
]
where id = 'lesson-audio';
