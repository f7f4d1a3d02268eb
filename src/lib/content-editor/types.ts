import type { SupabaseClient } from '@supabase/supabase-js';

import type { Collection, DocumentKind } from '@/lib/content/collections';
import type { Database } from '@/lib/supabase/database.types';

import type { FrontMatter } from './front-matter';
import type { Locale } from './locales';
import type { DocumentStatus } from './status';

/*
 * What the content editor's operations take and give. Every operation runs with the editor's own
 * session: row-level security (the content role at aal2, writes in one's own name) is the gate, and
 * the database stamps who changed a working copy, when, and its version.
 */

export type EditorClient = SupabaseClient<Database>;

export type Editor = {
  supabase: EditorClient;
  /** The signed-in editor, whose name goes on what they write (the policies require it). */
  userId: string;
  /** Told after every change visitors can see (contentChanged in the app). */
  changed: (collection: Collection) => Promise<void>;
};

export type EntrySummary = {
  id: string;
  slug: string;
  title: string;
  updatedAt: string;
  statuses: Partial<Record<Locale, DocumentStatus>>;
};

export type EditorDocument = {
  locale: Locale;
  frontMatter: FrontMatter;
  body: string;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
  status: DocumentStatus;
  liveVersion: number | null;
  scheduledFor: string | null;
};

export type EditorEntry = {
  id: string;
  collection: Collection;
  /** What its front matter is checked as: the collection's schema, or a page's own. */
  kind: DocumentKind;
  slug: string;
  firstPublishedAt: string | null;
  documents: Partial<Record<Locale, EditorDocument>>;
};

export const REVISION_KINDS = ['publish', 'schedule', 'restore', 'version', 'import'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

export type Revision = {
  id: string;
  kind: RevisionKind;
  createdAt: string;
  createdBy: string | null;
  documentVersion: number;
  slug: string;
  frontMatter: FrontMatter;
  body: string;
  /** What visitors see now, or will at the scheduled time. */
  live: boolean;
  scheduled: boolean;
};

export type Presence = { email: string; seenAt: string };

/** One option of a choice field: the stored value and its words. */
export type Choice = { value: string; label: string };

/** What a case study's fields choose from (src/lib/content-editor/case-choices.ts). */
export type CaseChoices = {
  sectors: Choice[];
  services: Choice[];
  /** The library's images, by folder, with their alt texts and the smallest variant to show. */
  logos: { hash: string; alt: Record<Locale, string>; src: string }[];
  /** The other case studies, by slug. */
  cases: Choice[];
  /** The blog posts, by slug. */
  posts: Choice[];
};
