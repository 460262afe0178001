-- Objects only the embedded server has (never deployed to hosted Supabase): the development
-- mail outbox. Not reachable by the API roles.

create schema if not exists _local;
revoke all on schema _local from public;

create table if not exists _local.mail_outbox (
  id uuid not null default gen_random_uuid() primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  links text[] not null default '{}',
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists mail_outbox_created_at_idx on _local.mail_outbox (created_at desc);
