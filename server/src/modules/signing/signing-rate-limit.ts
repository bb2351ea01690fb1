import { type ExecutionContext } from '@nestjs/common';
import { type Request } from 'express';

/** Express setting holding the per-IP limit of the public signing calls (set from the configuration). */
export const SIGNING_RATE_LIMIT_SETTING = 'esign.signingRateLimitPerMinute';
const FALLBACK = 20;

/**
 * The limit of a public signing route, per client IP and minute: codes sent and checked at `factor` 1,
 * page loads (which the signing page polls) at a higher factor. Read per request, so it follows the
 * configuration rather than a constant in a decorator.
 */
export function signingRateLimit(factor: number): (context: ExecutionContext) => number {
  return (context) => {
    const configured: unknown = context
      .switchToHttp()
      .getRequest<Request>()
      .app.get(SIGNING_RATE_LIMIT_SETTING);
    return (typeof configured === 'number' ? configured : FALLBACK) * factor;
  };
}
