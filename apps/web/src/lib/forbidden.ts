import { ApiError } from '../api/api-error';

/** A 403: the key in use is a user key, and the route (knowledge, benchmarks) needs the service key. */
export function isForbiddenError(err: unknown): boolean {
  return err instanceof ApiError && err.statusCode === 403;
}
