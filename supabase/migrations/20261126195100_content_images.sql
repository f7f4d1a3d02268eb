-- Images in posts and vacancies. Content staff upload them through the site, which checks the
-- bytes, strips their metadata and stores WebP variants at a few widths in a public bucket, under
-- names made from the original's content hash (so uploading the same image twice changes nothing).
-- A row per image records its size, its variants and its alt text in both languages.
--
-- Visitors fetch the variants from the public bucket and read the rows through
-- content_images_public(), never the table.

create table public.content_images (
  id uuid primary key default gen_random_uuid(),
  -- SHA-256 of the uploaded bytes, hex: the folder its variants live in.
  content_hash text not null unique check (content_hash ~ '^[0-9a-f]{64}$'),
  -- Of the largest variant, after auto-rotation.
  width integer not null check (width between 1 and 10000),
  height integer not null check (height between 1 and 10000),
  -- [{ "width": 960, "height": 540, "path": "<hash>/960.webp" }, ...], smallest first.
  variants jsonb not null check (jsonb_typeof(variants) = 'array' and jsonb_array_length(variants) between 1 and 8),
  alt_nl text not null check (alt_nl = btrim(alt_nl) and char_length(alt_nl) between 1 and 250),
  alt_en text not null check (alt_en = btrim(alt_en) and char_length(alt_en) between 1 and 250),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index content_images_created_at_idx on public.content_images (created_at desc);

alter table public.content_images enable row level security;
revoke all on public.content_images from anon, authenticated;
-- No update or delete grant: an image is replaced by uploading another; the service role tidies up.
grant select, insert on public.content_images to authenticated;

create policy "Content staff can read the image library."
  on public.content_images for select to authenticated
  using ((select public.has_staff_role('content')));
create policy "Content staff can add images in their own name."
  on public.content_images for insert to authenticated
  with check ((select public.has_staff_role('content')) and created_by = (select auth.uid()));

-- What a page needs to render an image: its variants and alt text, without who uploaded it.
create function public.content_images_public()
returns table (content_hash text, width integer, height integer, variants jsonb, alt_nl text, alt_en text)
language sql
stable
security definer
set search_path = ''
as $$
  select i.content_hash, i.width, i.height, i.variants, i.alt_nl, i.alt_en from public.content_images i
$$;

revoke execute on function public.content_images_public() from public;
grant execute on function public.content_images_public() to anon, authenticated, service_role;

-- The public bucket: WebP only (the site converts every upload), at most 5 MiB per variant.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('content-images', 'content-images', true, 5242880, array['image/webp'])
on conflict (id) do update
  set public = true,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Anyone may read (the bucket is public anyway; this also lets staff list it through the API).
create policy "Anyone can read content images."
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'content-images');
-- Only content staff at aal2 add variants. There is no update or delete policy: a variant's name is
-- its content, so it never needs replacing, and only the service role removes one.
create policy "Content staff can add content images."
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'content-images' and (select public.has_staff_role('content')));
