import { Hono, type Context } from 'hono';

import { getObject, getPublicObject, getSignedObject } from './download';
import { listObjects } from './list';
import { moveObject } from './move';
import { removeObjects } from './remove';
import { bucketName, objectPath, routeNotFound, type ObjectPath } from './shared';
import { signObject } from './sign';
import { uploadObject } from './upload';
import { storagePath, type StorageContext } from '../context';

type ObjectJob = (c: Context, storage: StorageContext, path: ObjectPath) => Promise<Response>;
type BucketJob = (c: Context, storage: StorageContext, bucket: string) => Promise<Response>;

type Route =
  | { method: 'GET' | 'POST'; prefix: string; object: ObjectJob }
  | { method: 'POST' | 'DELETE'; prefix: string; bucket: BucketJob }
  | { method: 'POST'; prefix: string; exact: (c: Context, storage: StorageContext) => Promise<Response> }
  | { method: 'POST'; prefix: string; refused: true };

/**
 * `/object/...` by job (CONTRACT.md, Storage), in the precedence of Storage's router: static
 * segments such as `public/` and `sign/` before `:bucketName/*`, because object names are
 * free-form paths. A route whose path has no object (or bucket) where it needs one passes the
 * request on to the next, as Fastify's router would not have matched it. Storage's routes
 * outside the contract that would otherwise read as an upload into a bucket of that name
 * (`copy`, signed uploads, `list-v2`, batch signing) answer Storage's 404.
 */
const ROUTES: Route[] = [
  { method: 'GET', prefix: '/public/', object: getPublicObject },
  { method: 'GET', prefix: '/sign/', object: getSignedObject },
  { method: 'GET', prefix: '/', object: getObject },
  { method: 'POST', prefix: '/move', exact: moveObject },
  { method: 'POST', prefix: '/copy', refused: true },
  { method: 'POST', prefix: '/upload/sign/', refused: true },
  { method: 'POST', prefix: '/list-v2/', refused: true },
  { method: 'POST', prefix: '/sign/', object: signObject },
  { method: 'POST', prefix: '/sign/', refused: true },
  { method: 'POST', prefix: '/list/', bucket: listObjects },
  { method: 'POST', prefix: '/', object: uploadObject },
  { method: 'DELETE', prefix: '/', bucket: removeObjects },
];

export function objectRoutes(storage: StorageContext): Hono {
  const app = new Hono();
  for (const route of ROUTES) {
    const exact = 'exact' in route || ('refused' in route && !route.prefix.endsWith('/'));
    app.on(route.method, exact ? route.prefix : `${route.prefix}*`, async (c, next) => {
      const rest = storagePath(c, storage).slice('/object'.length + route.prefix.length);
      if ('refused' in route) return routeNotFound(c, storage);
      if ('exact' in route) return route.exact(c, storage);
      if ('bucket' in route) {
        const bucket = bucketName(rest);
        return bucket === undefined ? next() : route.bucket(c, storage, bucket);
      }
      const path = objectPath(rest);
      return path === undefined ? next() : route.object(c, storage, path);
    });
  }
  app.all('*', (c) => routeNotFound(c, storage));
  return app;
}
