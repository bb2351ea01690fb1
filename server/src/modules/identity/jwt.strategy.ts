import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { createPublicKey, type KeyObject } from 'node:crypto';
import { passportJwtSecret } from 'jwks-rsa';
import { ExtractJwt, type SecretOrKeyProvider, Strategy } from 'passport-jwt';
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
      secretOrKeyProvider: settings.publicKeyPem
        ? fixedKey(createPublicKey(settings.publicKeyPem))
        : parsedOnce(
            passportJwtSecret({
              jwksUri: settings.jwksUri ?? `${settings.issuer}/.well-known/jwks.json`,
              cache: true,
              cacheMaxAge: 10 * 60_000,
              rateLimit: true,
              jwksRequestsPerMinute: 10,
              timeout: 5_000,
            }),
          ),
    });
  }

  validate(claims: IdTokenClaims): IdTokenClaims | false {
    return claims.token_use === 'id' && typeof claims.sub === 'string' ? claims : false;
  }
}

/**
 * Keys are handed to jsonwebtoken parsed: given a PEM, it parses it again for every token it verifies.
 * jsonwebtoken 9 takes a KeyObject (it checks `instanceof KeyObject`); @types/passport-jwt lists only
 * strings and Buffers, hence the casts.
 */
function fixedKey(key: KeyObject): SecretOrKeyProvider {
  return (_request, _token, done) => done(null, key as unknown as string);
}

/** How many parsed pool keys are kept (a pool has two; a rotation adds one for a while). */
const PARSED_KEYS = 8;

/** The JWKS provider (which caches the pool's keys as PEM), with each PEM parsed once. */
function parsedOnce(provider: SecretOrKeyProvider): SecretOrKeyProvider {
  const parsed = new Map<string, KeyObject>();
  return (request, token, done) =>
    provider(request, token, (error: unknown, pem?: string | Buffer) => {
      if (error || !pem) return done(error, pem);
      const text = pem.toString();
      let key = parsed.get(text);
      if (!key) {
        key = createPublicKey(text);
        if (parsed.size >= PARSED_KEYS) parsed.clear();
        parsed.set(text, key);
      }
      done(null, key as unknown as string);
    });
}
