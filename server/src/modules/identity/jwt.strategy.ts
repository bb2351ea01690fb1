import { Inject, Injectable, Optional } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { createPublicKey, type KeyObject } from 'node:crypto';
import { passportJwtSecret } from 'jwks-rsa';
import { ExtractJwt, type SecretOrKeyProvider, Strategy } from 'passport-jwt';
import { type EmbeddedUserPool, SESSION_EPOCH_CLAIM } from './embedded-user-pool';
import { IDENTITY_SETTINGS, type IdentitySettings } from './identity-settings';

/** The claims of a Cognito ID token the product reads. */
export interface IdTokenClaims {
  sub: string;
  email?: string;
  token_use: string;
  iat?: number;
  exp?: number;
  'cognito:groups'?: string[];
  [SESSION_EPOCH_CLAIM]?: number;
}

export const EMBEDDED_POOL_FOR_TOKENS = Symbol('EmbeddedPoolForTokens');

/** The longest an ID token may be valid for, `iat` to `exp`: the pool issues them for an hour. */
export const MAX_ID_TOKEN_SECONDS = 3600;
/** Clock difference allowed with the pool's clock, on `exp`, `nbf` and `iat`. */
const CLOCK_TOLERANCE_SECONDS = 30;

/**
 * Cognito ID tokens only: RS256 with a key from the pool's JWKS (by `kid`; `jku`, `x5u` and `jwk` headers are
 * never followed), the pool as issuer, the app client as audience, `token_use: id`, with `iat` and `exp`
 * (a token without them would never expire), valid for MAX_ID_TOKEN_SECONDS at most, not issued in the future,
 * not expired (30 s leeway).
 *
 * With the embedded pool, the token must also carry the account's current session epoch: a sign-out or a
 * password reset ends the ID tokens issued before, as Cognito ends access tokens. The pool runs in this
 * process, so this costs a lookup in memory. With AWS Cognito the API cannot know without calling AWS on every
 * request, and does not: an ID token lives until it expires, an hour at most, as Cognito's own rules have it.
 */
@Injectable()
export class CognitoJwtStrategy extends PassportStrategy(Strategy, 'cognito-jwt') {
  constructor(
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
    @Optional() @Inject(EMBEDDED_POOL_FOR_TOKENS) private readonly pool: EmbeddedUserPool | null = null,
  ) {
    super({
      // The API's `verify_token` call may also send the token in the body as `api_token`.
      jwtFromRequest: ExtractJwt.fromExtractors([
        ExtractJwt.fromAuthHeaderAsBearerToken(),
        ExtractJwt.fromBodyField('api_token'),
      ]),
      algorithms: ['RS256'],
      issuer: settings.issuer,
      audience: settings.clientId,
      ignoreExpiration: false,
      jsonWebTokenOptions: { clockTolerance: CLOCK_TOLERANCE_SECONDS },
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
    if (claims.token_use !== 'id' || typeof claims.sub !== 'string') return false;
    if (!hasBoundedLifetime(claims)) return false;
    if (!this.pool) return claims;
    const epoch = this.pool.sessionEpoch(this.settings.userPoolId, claims.sub);
    const carried = claims[SESSION_EPOCH_CLAIM] ?? 0;
    return epoch === null || carried === epoch ? claims : false;
  }
}

function hasBoundedLifetime(claims: IdTokenClaims): boolean {
  const { iat, exp } = claims;
  if (typeof iat !== 'number' || typeof exp !== 'number') return false;
  const now = Date.now() / 1000;
  return iat <= now + CLOCK_TOLERANCE_SECONDS && exp - iat <= MAX_ID_TOKEN_SECONDS;
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
