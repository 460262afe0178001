-- Mails sent through the outbox's Resend-style endpoint (/_dev/mail/send: the daily reminders)
-- keep their extra headers (List-Unsubscribe, List-Unsubscribe-Post), so a test can follow them.

alter table _local.mail_outbox add column if not exists headers jsonb not null default '{}'::jsonb;
