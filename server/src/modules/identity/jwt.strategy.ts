import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { passportJwtSecret } from 'jwks-rsa';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { IDENTITY_SETTINGS, type IdentitySettings } from './identity-settings';

/** The claims of a Cognito ID token the product reads. */
export interface IdTokenClaims {
  sub: string;
  email?: string;
  token_use: string;
  'cognito:groups'?: string[];
}

/**
 * Cognito ID tokens only: RS256 with a key from the pool's JWKS (by `kid`; `jku`, `x5u` and `jwk` headers are
 * never followed), the pool as issuer, the app client as audience, `token_use: id`, not expired (30 s leeway).
 */
@Injectable()
export class CognitoJwtStrategy extends PassportStrategy(Strategy, 'cognito-jwt') {
  constructor(@Inject(IDENTITY_SETTINGS) settings: IdentitySettings) {
    super({
      // The spec's `verify_token` call may also send the token in the body as `api_token`.
      jwtFromRequest: ExtractJwt.fromExtractors([
        ExtractJwt.fromAuthHeaderAsBearerToken(),
        ExtractJwt.fromBodyField('api_token'),
      ]),
      algorithms: ['RS256'],
      issuer: settings.issuer,
      audience: settings.clientId,
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: 30 },
      ...(settings.publicKeyPem
        ? { secretOrKey: settings.publicKeyPem }
        : {
            secretOrKeyProvider: passportJwtSecret({
              jwksUri: settings.jwksUri ?? `${settings.issuer}/.well-known/jwks.json`,
              cache: true,
              cacheMaxAge: 10 * 60_000,
              rateLimit: true,
              jwksRequestsPerMinute: 10,
              timeout: 5_000,
            }),
          }),
    });
  }

  validate(claims: IdTokenClaims): IdTokenClaims | false {
    return claims.token_use === 'id' && typeof claims.sub === 'string' ? claims : false;
  }
}
