import { type NextFunction, type Request, type Response } from 'express';
import { ERROR_STATUS, ErrorCode, errorMessageKey } from '@esign/shared';

/**
 * A per-client fixed-window limit for routes outside Nest's guards (the embedded user pool: sign-in and
 * forgot-password attempts must not be unlimited). Memory-only, which suits the single embedded process.
 */
export function fixedWindowLimiter(options: { limit: number; windowMs: number; maxClients?: number }) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  const maxClients = options.maxClients ?? 10_000;
  return (request: Request, response: Response, next: NextFunction): void => {
    const now = Date.now();
    const client = request.ip ?? 'unknown';
    let entry = hits.get(client);
    if (!entry || entry.resetAt <= now) {
      if (hits.size >= maxClients) {
        for (const [key, value] of hits) if (value.resetAt <= now) hits.delete(key);
      }
      entry = { count: 0, resetAt: now + options.windowMs };
      hits.set(client, entry);
    }
    entry.count += 1;
    if (entry.count > options.limit) {
      const retryAfterMs = entry.resetAt - now;
      response.setHeader('Retry-After', String(Math.ceil(retryAfterMs / 1000)));
      const code = ErrorCode.TOO_MANY_REQUESTS;
      response.status(ERROR_STATUS[code]).json({
        statusCode: ERROR_STATUS[code],
        code,
        message: errorMessageKey(code),
        retryAfter: retryAfterMs,
      });
      return;
    }
    next();
  };
}
