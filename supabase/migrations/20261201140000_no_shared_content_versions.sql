-- Pages are cached for seconds now (docs/decisions/0020-pages-cached-for-seconds.md): no instance
-- reads when content last changed, so the shared change times go, with the function that told
-- anyone when the next scheduled publication is due (security review 3, I4).
drop function public.content_changed_at();
drop function public.content_mark_changed(text);
drop table public.content_cache_tags;
drop function public.content_next_scheduled(text);
