-- The image library is no catalogue of unpublished work (security review 3, M5; L4).
--
-- content_images_public() returned every image, with its alt texts, to anyone, and the bucket's
-- anon read policy let anyone list every folder: the images of drafts nobody may see yet included.
-- Now visitors learn of an image only once a published text shows it, the bucket cannot be listed
-- (a public bucket's /object/public/ URLs need no policy), and nothing reaches the bucket or the
-- library but through the site's pipeline, which checks, converts and strips every upload and
-- writes with the service role.

-- 1. Only images a published revision shows: its body or front matter names the image's folder.
create or replace function public.content_images_public()
returns table (content_hash text, width integer, height integer, variants jsonb, alt_nl text, alt_en text)
language sql
stable
security definer
set search_path = ''
as $$
  select i.content_hash, i.width, i.height, i.variants, i.alt_nl, i.alt_en
  from public.content_images i
  where exists (
    select 1
    from public.content_documents d
    join public.content_revisions r on r.id = case
      when d.scheduled_revision_id is not null and d.scheduled_for <= now() then d.scheduled_revision_id
      else d.live_revision_id
    end
    -- The folder is 64 hex digits: a plain substring test, no pattern.
    where strpos(r.body, i.content_hash) > 0 or strpos(r.front_matter::text, i.content_hash) > 0
  )
$$;

-- 2. No listing of the bucket, by anyone but the service role.
drop policy "Anyone can read content images." on storage.objects;

-- 3. Uploads only through the site's pipeline (service role): not into the bucket, not into the library.
drop policy "Content staff can add content images." on storage.objects;
drop policy "Content staff can add images in their own name." on public.content_images;
revoke insert on public.content_images from authenticated;
