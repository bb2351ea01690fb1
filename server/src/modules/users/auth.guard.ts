import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ErrorCode } from '@esign/shared';
import { type Request } from 'express';
import { AppException } from '../../common/app-exception';
import { type IdTokenClaims } from '../identity/jwt.strategy';
import { type AuthenticatedUser, isAdmin } from './authenticated-user';
import { UsersService } from './users.service';

const PUBLIC = 'esign:public';
const ADMIN_ONLY = 'esign:admin-only';
const WITHOUT_CONSENT = 'esign:without-consent';
const PUBLIC_WITH_KEY = 'esign:public-with-signing-key';
/** Reachable without a token (health, config, signing links, signed file URLs). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC, true);
/**
 * Public when the call carries a signing-link key (`?key=`): one route serving both the signatory (by key)
 * and the member (by token), as the API's `GET /signatures/{id}` does. The handler must check the key.
 */
export const PublicWithSigningKey = (): MethodDecorator => SetMetadata(PUBLIC_WITH_KEY, true);
export const AdminOnly = (): MethodDecorator & ClassDecorator => SetMetadata(ADMIN_ONLY, true);
/** What a member may call before giving the data-protection consent: the consent step's own calls. */
export const AllowWithoutConsent = (): MethodDecorator & ClassDecorator => SetMetadata(WITHOUT_CONSENT, true);

export type AuthenticatedRequest = Request & { user?: AuthenticatedUser | IdTokenClaims };

class CognitoTokenGuard extends AuthGuard('cognito-jwt') {
  override handleRequest<T>(error: unknown, claims: T): T {
    if (error || !claims) throw new AppException(ErrorCode.UNAUTHENTICATED);
    return claims;
  }
}

/**
 * Global guard: a valid ID token, then the user row. The row decides, not the token: a disabled account is
 * refused even with an unexpired token (the embedded pool lets disabled users sign in).
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  private readonly tokenGuard = new CognitoTokenGuard();

  constructor(
    private readonly reflector: Reflector,
    private readonly users: UsersService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (
      this.reflector.getAllAndOverride<boolean>(PUBLIC_WITH_KEY, targets) &&
      typeof request.query.key === 'string'
    ) {
      return true;
    }
    await this.tokenGuard.canActivate(context);
    const claims = request.user as IdTokenClaims;
    const user = await this.users.findBySub(claims.sub);
    if (!user) throw new AppException(ErrorCode.UNAUTHENTICATED);
    if (user.isDisabled) throw new AppException(ErrorCode.ACCOUNT_DISABLED);
    const caller: AuthenticatedUser = { user, groups: claims['cognito:groups'] ?? [] };
    request.user = caller;
    const adminRights = isAdmin(caller) || caller.user.role === 'GROUP_MEMBER';
    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) && !isAdmin(caller)) {
      throw new AppException(ErrorCode.FORBIDDEN);
    }
    if (
      !adminRights &&
      !user.gdprApprovedAt &&
      !this.reflector.getAllAndOverride<boolean>(WITHOUT_CONSENT, targets)
    ) {
      throw new AppException(ErrorCode.GDPR_CONSENT_REQUIRED);
    }
    return true;
  }
}
