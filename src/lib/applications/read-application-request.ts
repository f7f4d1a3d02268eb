import 'server-only';

import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

import Busboy, { type BusboyFileStream } from '@fastify/busboy';

import { fileFields, MAX_FILE_BYTES, type ApplicationErrorKey, type FileField } from './application-fields';
import { MAX_REQUEST_BYTES, READ_DEADLINE_MS } from './application-limits';

/** A file as it arrived: on disk in a private temporary folder, never in memory. */
export type ReceivedFile = { fileName: string; path: string; size: number; truncated: boolean };

export type ReceivedForm = {
  /** The text parts, the first of each name; each is at most MAX_FIELD_BYTES. */
  fields: Map<string, string>;
  files: Partial<Record<FileField, ReceivedFile>>;
  /** Problems only the shape of the request shows: a second file in one field. */
  fileErrors: Partial<Record<FileField, ApplicationErrorKey>>;
  /** Removes the temporary folder; call it whatever happens next. */
  cleanup(): Promise<void>;
};

/** Why a request was not read: not a form at all, or a body too large to read. */
export class UnreadableRequest extends Error {
  constructor(readonly reason: 'badRequest' | 'tooLarge') {
    super(reason);
  }
}

/** Motivation is at most 4,000 characters; in UTF-8 that is at most 16,000 bytes. */
const MAX_FIELD_BYTES = 16 * 1024;
const MAX_FIELDS = 20;
/** Two file fields; a few more parts are read only to tell the applicant there were too many. */
const MAX_FILE_PARTS = 6;

const isFileField = (name: string): name is FileField => (fileFields as readonly string[]).includes(name);

/**
 * Reads the multipart application form as it streams in. Files go straight to disk (a 10 MB CV
 * never sits in memory), each cut off one byte past its limit so an oversized one is known; the
 * rest of such a file is read and dropped, so the text fields and later parts still arrive.
 * Route handlers have no body limit of their own, so this one sets every limit itself.
 */
export async function readApplicationRequest(request: Request): Promise<ReceivedForm> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(contentType) || request.body === null) throw new UnreadableRequest('badRequest');
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_REQUEST_BYTES) throw new UnreadableRequest('tooLarge');

  const dir = path.join(tmpdir(), 'bitwerf-applications', randomUUID());
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const form: ReceivedForm = {
    fields: new Map(),
    files: {},
    fileErrors: {},
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };

  try {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: {
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          files: MAX_FILE_PARTS,
          fileSize: MAX_FILE_BYTES + 1,
          parts: MAX_FIELDS + MAX_FILE_PARTS,
        },
      });
    } catch {
      throw new UnreadableRequest('badRequest');
    }
    const writes: Promise<void>[] = [];
    parser.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      // A cut-off value would be stored as if whole; drop it, and validation says what is missing.
      if (!valueTruncated && !form.fields.has(name)) form.fields.set(name, value);
    });
    parser.on('file', (name: string, stream: BusboyFileStream, fileName: string) => {
      if (!isFileField(name)) {
        stream.resume();
        return;
      }
      if (form.files[name] !== undefined) {
        form.fileErrors[name] = 'file.tooMany';
        stream.resume();
        return;
      }
      const file: ReceivedFile = { fileName: fileName.slice(0, 255), path: path.join(dir, name), size: 0, truncated: false };
      form.files[name] = file;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          file.size += chunk.length;
          done(null, chunk);
        },
      });
      const write = pipeline(stream, counter, createWriteStream(file.path, { mode: 0o600 })).then(() => {
        file.truncated = stream.truncated;
      });
      // Awaited below with the others; when the request fails first it is never awaited, and an
      // unobserved rejection would take the server down.
      write.catch(() => undefined);
      writes.push(write);
    });
    parser.on('filesLimit', () => {
      form.fileErrors.extra = 'file.tooMany';
    });

    let received = 0;
    const capped = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(received > MAX_REQUEST_BYTES ? new UnreadableRequest('tooLarge') : null, chunk);
      },
    });
    try {
      // The same stream object: TypeScript's DOM and Node typings of ReadableStream differ only in
      // the async iterator, which fromWeb does not need.
      // A slow upload holds its temporary folder and a read slot: it is cut off at the deadline.
      await pipeline(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>), capped, parser, {
        signal: AbortSignal.timeout(READ_DEADLINE_MS),
      });
      await Promise.all(writes);
    } catch (error) {
      throw error instanceof UnreadableRequest ? error : new UnreadableRequest('badRequest');
    }
    // A file field left empty arrives as a part with no name and no bytes: nothing was chosen.
    for (const field of fileFields) {
      const file = form.files[field];
      if (file !== undefined && file.fileName === '' && file.size === 0) delete form.files[field];
    }
    return form;
  } catch (error) {
    await form.cleanup();
    throw error;
  }
}

/** The text parts before the first file are at most MAX_FIELDS of MAX_FIELD_BYTES, plus their headers. */
const MAX_TEXT_BYTES = MAX_FIELDS * (MAX_FIELD_BYTES + 1024);
/** Text that has not arrived by then is given up on: the answer matters more than what was typed. */
const TEXT_DEADLINE_MS = 10_000;

/**
 * Reads the text parts of the form up to its first file part, and stops there without reading
 * the upload (the form puts its text fields before its file inputs for this). For an answer known
 * before the form is read, such as a database that does not answer: a form sent without
 * JavaScript still gets its text back, and the files are never read. Whatever cannot be read
 * gives fewer fields, never an error.
 */
export async function readTextBeforeFiles(request: Request): Promise<Map<string, string>> {
  const fields = new Map<string, string>();
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(contentType) || request.body === null) return fields;
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { 'content-type': contentType },
      limits: { fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, files: 1, parts: MAX_FIELDS + 1 },
    });
  } catch {
    return fields;
  }
  // The same stream object: see readApplicationRequest.
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  await new Promise<void>((resolve) => {
    let received = 0;
    const timer = setTimeout(() => stop(), TEXT_DEADLINE_MS);
    function stop() {
      clearTimeout(timer);
      source.unpipe(parser);
      // Cancels the request body: nothing past this point is read.
      source.destroy();
      resolve();
    }
    parser.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (!valueTruncated && !fields.has(name)) fields.set(name, value);
    });
    parser.on('file', (_name: string, stream: BusboyFileStream) => {
      stream.resume();
      stop();
    });
    parser.on('finish', stop);
    parser.on('error', stop);
    source.on('error', stop);
    source.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_TEXT_BYTES) stop();
    });
    source.pipe(parser);
  });
  return fields;
}
