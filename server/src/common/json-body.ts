import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode } from '@esign/shared';
import { type Request } from 'express';
import { AppException } from './app-exception';

const READS_OWN_BODY = 'esign:reads-own-body';

/** A route that reads another body than JSON itself: the storage's raw bytes, the verifier's form upload. */
export const ReadsOwnBody = (): MethodDecorator => SetMetadata(READS_OWN_BODY, true);

/** The body types the API parses as JSON: the parser's and the 415's, one list. */
export const JSON_BODY_TYPES = ['application/json', 'application/*+json'];

/**
 * Whether the request carries a body the JSON parser skips. An empty body (no length, or a length of 0)
 * needs no type; Express's own `is()` reads a length of 0 as a body.
 */
function hasNonJsonBody(request: Request): boolean {
  const length = request.headers['content-length'];
  const empty =
    request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
  return !empty && !request.is(JSON_BODY_TYPES);
}

/**
 * Refuses, with 415, a body the JSON parser skipped: sent as a form or as text, it was ignored and the call
 * answered as if nothing had been asked (an update that changed nothing, said as a success). Runs once the
 * route is known and the caller authenticated: an unknown address stays a 404, a call without a token a 401
 * (registered with useGlobalGuards, after the module guards: the rate limit and the authentication). An empty
 * body needs no type. A guard, not an interceptor: with no interceptor, a call's answer skips the Observable
 * pipeline Nest builds around every handler otherwise.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() === 'http' && !this.reflector.get<boolean>(READS_OWN_BODY, context.getHandler())) {
      if (hasNonJsonBody(context.switchToHttp().getRequest<Request>())) {
        throw new AppException(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
      }
    }
    return true;
  }
}
