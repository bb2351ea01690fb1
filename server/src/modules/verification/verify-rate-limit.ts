import { type ExecutionContext } from '@nestjs/common';
import { type Request } from 'express';

/** Express setting holding the per-IP limit of public verifications (set from the configuration). */
export const VERIFY_RATE_LIMIT_SETTING = 'esign.verifyRateLimitPerMinute';
const FALLBACK = 6;

/**
 * Verifications per client IP and minute, counted in the database like every limit (so it holds across API
 * processes), on a budget of their own: a verification reads a whole PDF in a PDF process, where a signing
 * call reads a row. Read per request, so it follows the configuration rather than a constant in a decorator.
 */
export function verifyRateLimit(context: ExecutionContext): number {
  const configured: unknown = context.switchToHttp().getRequest<Request>().app.get(VERIFY_RATE_LIMIT_SETTING);
  return typeof configured === 'number' ? configured : FALLBACK;
}
