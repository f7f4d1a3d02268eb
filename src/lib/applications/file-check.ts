import 'server-only';

import { open } from 'node:fs/promises';

import { fileTypeFromFile } from 'file-type';

import { MAX_FILE_BYTES, type AcceptedFileType, type ApplicationErrorKey } from './application-fields';

export type FileCheck = { ok: true; contentType: AcceptedFileType } | { ok: false; error: ApplicationErrorKey };

const CHUNK = 64 * 1024;

/**
 * Decides what an uploaded file is by its bytes, never by its name or the browser's
 * Content-Type: a PDF or a Word .docx the staff can open, or a reason why not.
 *
 * file-type recognises the format (a .docx by the parts inside its zip). Whether that file can
 * be opened is checked here by hand, because no library answers it without loading the whole
 * file into memory (pdf.js, pdf-lib), and an upload should cost no more than a disk read:
 * - a PDF is encrypted when its trailer (or cross-reference stream) has an /Encrypt entry, and
 *   cut off when "%%EOF" is missing from its last kilobyte, where readers look for it;
 * - a PDF that opens an HTML, script or SVG element in its first kilobytes is also a web page,
 *   which a browser that sniffs the type, or a staff member's system that opens it as .html,
 *   would run; PDF readers skip such bytes as comments, and no real CV has them there;
 * - a .docx is cut off when the zip's end-of-central-directory record is missing from its tail;
 * - a password-protected .docx is not a zip at all but an OLE container ("cfb") holding an
 *   EncryptedPackage stream; any other OLE file is an old .doc, which is not accepted.
 */
export async function checkApplicationFile(path: string, size: number): Promise<FileCheck> {
  if (size === 0) return { ok: false, error: 'file.empty' };
  if (size > MAX_FILE_BYTES) return { ok: false, error: 'file.tooLarge' };
  const type = await fileTypeFromFile(path);
  if (type?.mime === 'application/pdf') {
    if (await headHasMarkup(path, size)) return { ok: false, error: 'file.markup' };
    if (await fileContains(path, PDF_ENCRYPT)) return { ok: false, error: 'file.protected' };
    if (!(await tailContains(path, size, PDF_END, 1024))) return { ok: false, error: 'file.broken' };
    return { ok: true, contentType: 'application/pdf' };
  }
  if (type?.ext === 'docx') {
    // The record is 22 bytes plus a comment of at most 65,535.
    if (!(await tailContains(path, size, ZIP_END_OF_DIRECTORY, 22 + 65_535))) return { ok: false, error: 'file.broken' };
    return { ok: true, contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  }
  if (type?.ext === 'cfb' && (await fileContains(path, ENCRYPTED_PACKAGE))) return { ok: false, error: 'file.protected' };
  if (type?.ext === 'zip') return { ok: false, error: 'file.broken' };
  return { ok: false, error: 'file.wrongType' };
}

const PDF_ENCRYPT = Buffer.from('/Encrypt');
const PDF_END = Buffer.from('%%EOF');
const ZIP_END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** OLE directory entries name their streams in UTF-16LE. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * How far to look for markup: well past the 1,445 bytes a browser sniffs (WHATWG MIME Sniffing),
 * and short of the compressed streams further on, whose random bytes could spell a tag.
 */
const MARKUP_WINDOW = 8 * 1024;
/** Elements that make a document a page that runs: HTML's own, script, frames, plugins, SVG. */
const MARKUP = /<(?:!doctype\s+html|html|head|body|script|iframe|frame|svg|object|embed)[\s/>]/;

async function headHasMarkup(path: string, size: number): Promise<boolean> {
  const length = Math.min(size, MARKUP_WINDOW);
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    await file.read(buffer, 0, length, 0);
    return MARKUP.test(buffer.toString('latin1').toLowerCase());
  } finally {
    await file.close();
  }
}

/** Whether the file holds `needle` anywhere, read in chunks that overlap by the needle's length. */
async function fileContains(path: string, needle: Buffer): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK + needle.length);
    let carried = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, carried, CHUNK, null);
      if (bytesRead === 0) return false;
      const filled = carried + bytesRead;
      if (buffer.subarray(0, filled).includes(needle)) return true;
      carried = Math.min(needle.length - 1, filled);
      buffer.copy(buffer, 0, filled - carried, filled);
    }
  } finally {
    await file.close();
  }
}

/** Whether the last `span` bytes of the file hold `needle`. */
async function tailContains(path: string, size: number, needle: Buffer, span: number): Promise<boolean> {
  const length = Math.min(size, span);
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    await file.read(buffer, 0, length, size - length);
    return buffer.includes(needle);
  } finally {
    await file.close();
  }
}
