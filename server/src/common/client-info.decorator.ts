import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type Request } from 'express';

/** Where a call came from, for the audit trail (the IP as resolved through trusted proxies). */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export const Client = createParamDecorator((_data: unknown, context: ExecutionContext): ClientInfo => {
  const request = context.switchToHttp().getRequest<Request>();
  const userAgent = request.get('user-agent');
  return { ip: request.ip ?? null, userAgent: userAgent ?? null };
});
