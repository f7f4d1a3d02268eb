import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Thrown while receiving when a body passes its size limit. */
export class SizeLimitExceeded extends Error {}

export interface ReceivedFile {
  version: string;
  size: number;
  /** S3's ETag of a single-part upload: the quoted hex MD5 of the bytes. */
  eTag: string;
  lastModified: Date;
}

export interface OpenedFile {
  handle: FileHandle;
  size: number;
}

// Object bytes are named by the object's `version`, a UUID this backend generates, never by the
// object's name: no name, however crafted, reaches the file system.
const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Counts and hashes the bytes that pass, and fails the pipeline past `limit`. */
class Meter extends Transform {
  size = 0;
  private readonly hash = createHash('md5');

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      callback(new SizeLimitExceeded());
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/**
 * Object bytes on disk, in `<data dir>/storage`: `objects/<version>` for stored objects and
 * `incoming/<version>` while an upload streams in. Uploads are piped chunk by chunk, so memory
 * does not grow with the file size.
 */
export class FileStore {
  private constructor(
    readonly root: string,
    private readonly temporary: boolean,
  ) {}

  /** Without a data folder (in-memory database) the files live in a temporary folder. */
  static async open(dataDir: string | undefined): Promise<FileStore> {
    const root = dataDir === undefined ? await mkdtemp(path.join(os.tmpdir(), 'local-supabase-storage-')) : path.join(dataDir, 'storage');
    const store = new FileStore(root, dataDir === undefined);
    await mkdir(path.join(root, 'objects'), { recursive: true });
    // Half-received uploads of an earlier run are never published.
    await rm(path.join(root, 'incoming'), { recursive: true, force: true });
    await mkdir(path.join(root, 'incoming'), { recursive: true });
    return store;
  }

  private objectPath(version: string): string | undefined {
    return VERSION.test(version) ? path.join(this.root, 'objects', version) : undefined;
  }

  private incomingPath(version: string): string {
    return path.join(this.root, 'incoming', version);
  }

  /** Streams `source` into a new incoming file; throws SizeLimitExceeded past `limit` bytes. */
  async receive(source: Readable, limit: number): Promise<ReceivedFile> {
    const version = randomUUID();
    const meter = new Meter(limit);
    try {
      await pipeline(source, meter, createWriteStream(this.incomingPath(version), { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      await this.discard(version);
      throw error;
    }
    return { version, size: meter.size, eTag: `"${meter.digest()}"`, lastModified: new Date() };
  }

  /** Moves a received file to its final place; the object row that names it is written next. */
  async publish(version: string): Promise<void> {
    const target = this.objectPath(version);
    if (target === undefined) throw new Error(`Not a file version: ${version}`);
    await rename(this.incomingPath(version), target);
  }

  async discard(version: string): Promise<void> {
    await rm(this.incomingPath(version), { force: true });
  }

  /** Opens an object's bytes; undefined when there are none (e.g. a row inserted by SQL). */
  async open(version: string | null): Promise<OpenedFile | undefined> {
    const file = version === null ? undefined : this.objectPath(version);
    if (file === undefined) return undefined;
    try {
      const handle = await open(file, 'r');
      const { size } = await handle.stat();
      return { handle, size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(versions: Iterable<string | null>): Promise<void> {
    for (const version of versions) {
      const file = version === null ? undefined : this.objectPath(version);
      if (file !== undefined) await rm(file, { force: true });
    }
  }

  /** Deletes files no object row names any more (rows removed by SQL, crashes mid-upload). */
  async sweep(liveVersions: Set<string>): Promise<number> {
    let removed = 0;
    for (const entry of await readdir(path.join(this.root, 'objects'))) {
      if (!liveVersions.has(entry)) {
        await rm(path.join(this.root, 'objects', entry), { force: true, recursive: true });
        removed += 1;
      }
    }
    return removed;
  }

  async close(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }
}
