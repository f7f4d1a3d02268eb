import { acceptedFileTypes, type FileField } from '@/lib/applications/application-fields';

/*
 * The name an applicant's file had is theirs to choose, to the last character: a right-to-left
 * override turns "cv‮fdp.html" into what reads as "cv…lmth.pdf", and any extension makes the
 * staff member's system open the file as that (an .html page runs its script). So the name a file
 * is saved under is the server's, and the original is only shown, cleaned.
 */

/**
 * The kinds in Dutch, the firm's working language, and the same whichever language a staff member
 * browses in: one file always downloads under one name.
 */
const KIND_NAMES: Record<FileField, string> = { cv: 'cv', extra: 'bijlage' };

const MAX_SLUG = 60;

/** Lower-case ASCII letters and digits joined by dashes; accents folded, everything else a separator. */
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
}

const isAcceptedType = (type: string): type is keyof typeof acceptedFileTypes => Object.hasOwn(acceptedFileTypes, type);

/**
 * "jan-de-vries-cv.pdf": the applicant's name as a slug, the kind of file, and the extension of the
 * type the server found in the bytes (`content_type`, from file-check.ts), never the uploaded one.
 */
export function downloadName(file: { applicantName: string; kind: FileField; contentType: string }): string {
  const extension = isAcceptedType(file.contentType) ? acceptedFileTypes[file.contentType] : '.bin';
  return `${slug(file.applicantName) || 'sollicitant'}-${KIND_NAMES[file.kind]}${extension}`;
}

/** The uploaded name for display: without control and format characters (Unicode Cc, Cf), which include the bidi overrides. */
export function displayFileName(name: string): string {
  return name.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
}
