-- The outbox is listed newest first. PGlite's clock has millisecond resolution, so two messages
-- sent within one millisecond share created_at and a random uuid cannot break the tie: a
-- sequence number records the order in which messages were written.

alter table _local.mail_outbox add column if not exists seq bigint generated always as identity;
create index if not exists mail_outbox_seq_idx on _local.mail_outbox (seq desc);
drop index if exists _local.mail_outbox_created_at_idx;
