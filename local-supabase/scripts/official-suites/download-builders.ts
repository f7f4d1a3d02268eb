import { StorageClient } from '@supabase/storage-js';

/**
 * storage-js's tests import `BlobDownloadBuilder` and `StreamDownloadBuilder` from its `src/` only
 * to check `download()`'s result with `toBeInstanceOf`. The package does not export them, so they
 * are taken from what the installed client's `download()` returns. The builders are lazy: nothing
 * is fetched until one is awaited, and these never are.
 */
const blob = new StorageClient('http://127.0.0.1:1/storage/v1').from('bucket').download('path');

export const BlobDownloadBuilder = blob.constructor;
export const StreamDownloadBuilder = blob.asStream().constructor;
