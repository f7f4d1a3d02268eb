-- Every draft insert runs forget_old_application_drafts(), which deletes by created_at, and the
-- retention run does the same: without an index each of them scanned the whole table.
create index application_drafts_created_at_idx on public.application_drafts (created_at);
