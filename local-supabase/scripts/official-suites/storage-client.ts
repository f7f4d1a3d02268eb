import { StorageApiError, StorageClient as OfficialClient } from '@supabase/storage-js';

export * from '@supabase/storage-js';

/** Where storage-js's tests expect `supabase start`'s API; they build and compare URLs with it. */
const CLI_URL = 'http://127.0.0.1:54321';

type Fetch = typeof globalThis.fetch;
type CreateOptions = Parameters<OfficialClient['createBucket']>[1];
type CreateResult = Awaited<ReturnType<OfficialClient['createBucket']>>;
type MessageResult = Awaited<ReturnType<OfficialClient['deleteBucket']>>;

/**
 * Sends what the client addressed to the CLI's port to the embedded backend instead. The client
 * itself keeps the CLI's URL, so the URLs it builds (`getPublicUrl`, signed URLs) are the ones the
 * tests expect. The global `fetch` is looked up per call, as storage-js does, so a test that
 * replaces it still sees the requests.
 */
function toBackend(custom: Fetch | undefined): Fetch {
  return (input, init) => {
    const backend = process.env.OFFICIAL_SUITES_URL ?? '';
    const target = typeof input === 'string' && input.startsWith(CLI_URL) ? backend + input.slice(CLI_URL.length) : input;
    return (custom ?? globalThis.fetch)(target, init);
  };
}

/** Storage's `parseFileSizeToBytes` (src/storage/limits.ts): decimal units, as the bucket API takes them. */
function bytes(limit: number | string | null | undefined): number | null {
  if (limit === undefined || limit === null) return null;
  if (typeof limit === 'number') return limit;
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(limit);
  if (match?.[1] === undefined || match[2] === undefined) throw new Error(`Unsupported file size limit ${limit}`);
  const unit = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[match[2].toLowerCase() as 'gb' | 'mb' | 'kb' | 'b'];
  return Math.round(Number(match[1]) * unit);
}

/**
 * Calls one of the runner's bucket functions (`storage-buckets.sql`) over REST with the service
 * role. A REST error becomes a StorageApiError with the same status, as the bucket API's would.
 */
async function callBucketFunction(name: string, args: Record<string, unknown>): Promise<StorageApiError | null> {
  const key = process.env.OFFICIAL_SUITES_SERVICE_ROLE_KEY ?? '';
  const response = await fetch(`${process.env.OFFICIAL_SUITES_URL ?? ''}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (response.ok) return null;
  const body = (await response.json()) as { message?: string };
  return new StorageApiError(body.message ?? response.statusText, response.status, String(response.status));
}

/**
 * Stands in for storage-js's `../src/index` in its own tests: the client this project installs,
 * talking to the embedded backend. The bucket API beyond `getBucket` is outside the contract
 * (buckets come from migrations), so creating, emptying and deleting a bucket, which the file
 * tests need as set-up, are done here by SQL through the runner's functions, answering with
 * hosted Storage's messages (`src/http/routes/bucket/*.ts`). `getBucket`, `updateBucket` and
 * `listBuckets` still go to the backend.
 */
export class StorageClient extends OfficialClient {
  constructor(url: string, headers: Record<string, string> = {}, fetch?: Fetch, opts?: ConstructorParameters<typeof OfficialClient>[3]) {
    super(url, headers, toBackend(fetch), opts);
  }

  override async createBucket(id: string, options: CreateOptions = { public: false }): Promise<CreateResult> {
    const error = await callBucketFunction('official_suites_create_bucket', {
      bucket_id: id,
      is_public: options?.public ?? false,
      size_limit: bytes(options?.fileSizeLimit),
      mime_types: options?.allowedMimeTypes ?? null,
    });
    return error === null ? { data: { name: id }, error: null } : { data: null, error };
  }

  override async emptyBucket(id: string): Promise<MessageResult> {
    const error = await callBucketFunction('official_suites_empty_bucket', { bucket_id: id });
    return error === null
      ? { data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' }, error: null }
      : { data: null, error };
  }

  override async deleteBucket(id: string): Promise<MessageResult> {
    const error = await callBucketFunction('official_suites_delete_bucket', { bucket_id: id });
    return error === null ? { data: { message: 'Successfully deleted' }, error: null } : { data: null, error };
  }
}
