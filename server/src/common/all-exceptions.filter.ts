import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ErrorCode, ERROR_STATUS, errorMessageKey, type ApiErrorBody } from '@esign/shared';
import { type Request, type Response } from 'express';
import { QueryFailedError } from 'typeorm';

/** Maps an HTTP status that did not come from an AppException (Nest's own, guards, body parser) to a code. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return ErrorCode.BAD_REQUEST;
    case 401:
      return ErrorCode.UNAUTHENTICATED;
    case 403:
      return ErrorCode.FORBIDDEN;
    case 404:
      return ErrorCode.NOT_FOUND;
    case 409:
      return ErrorCode.CONFLICT;
    case 410:
      return ErrorCode.LINK_EXPIRED;
    case 413:
      return ErrorCode.FILE_TOO_LARGE;
    case 415:
      return ErrorCode.UNSUPPORTED_MEDIA_TYPE;
    case 422:
      return ErrorCode.VALIDATION_FAILED;
    case 429:
      return ErrorCode.TOO_MANY_REQUESTS;
    case 503:
      return ErrorCode.SERVICE_UNAVAILABLE;
    default:
      return ErrorCode.INTERNAL;
  }
}

/**
 * The 4xx status of an error raised before Nest's own handling, by the body parser for instance (a body over
 * the size limit: 413; malformed or too deeply nested JSON: 400). Such errors carry their status and are marked
 * safe to expose (http-errors' `expose`); their status is kept rather than turned into a 500.
 */
function clientErrorStatus(exception: unknown): number | undefined {
  if (typeof exception !== 'object' || exception === null) return undefined;
  const { status, statusCode, expose } = exception as {
    status?: unknown;
    statusCode?: unknown;
    expose?: unknown;
  };
  const value = typeof status === 'number' ? status : statusCode;
  return expose === true && typeof value === 'number' && value >= 400 && value < 500 ? value : undefined;
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'code' in value && 'statusCode' in value;
}

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001']);

/** Every error leaves as `{ statusCode, code, message, errors? }`; internals never leave the server. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request & { id?: string }>();
    const response = http.getResponse<Response>();
    const body = this.toBody(exception, String(request.id ?? ''));
    if (body.statusCode >= 500) {
      this.logger.error({ err: exception, requestId: request.id, path: request.path }, 'Request failed');
    }
    if (response.headersSent) return;
    // A refusal that says when to come back says it in the standard header too, for any client.
    if ((body.statusCode === 429 || body.statusCode === 503) && typeof body.retryAfter === 'number') {
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil(body.retryAfter / 1000))));
    }
    response.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, requestId: string): ApiErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      if (isApiErrorBody(raw)) return raw;
      const code = codeForStatus(status);
      return {
        statusCode: status,
        code,
        message: errorMessageKey(code),
        ...(status >= 500 ? { requestId } : {}),
      };
    }
    const clientStatus = clientErrorStatus(exception);
    if (clientStatus !== undefined) {
      const code = codeForStatus(clientStatus);
      return { statusCode: clientStatus, code, message: errorMessageKey(code) };
    }
    const driverCode = (exception as { code?: string; driverError?: { code?: string } } | null)?.code;
    if (
      (exception instanceof QueryFailedError && CONNECTION_ERRORS.has(String(driverCode))) ||
      CONNECTION_ERRORS.has(String(driverCode))
    ) {
      const code = ErrorCode.DB_UNAVAILABLE;
      return { statusCode: ERROR_STATUS[code], code, message: errorMessageKey(code), requestId };
    }
    const code = ErrorCode.INTERNAL;
    return { statusCode: ERROR_STATUS[code], code, message: errorMessageKey(code), requestId };
  }
}
