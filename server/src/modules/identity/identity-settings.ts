import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_GROUP } from '@esign/shared';
import { type AppConfig } from '../../config/app-config';
import { type CognitoAdmin } from './cognito-admin';

/** Where tokens come from and how to check them. */
export interface IdentitySettings {
  region: string;
  userPoolId: string;
  clientId: string;
  /** The pool's API as browsers reach it (embedded pool only). */
  publicEndpoint?: string;
  issuer: string;
  jwksUri: string;
}

export const IDENTITY_SETTINGS = Symbol('IdentitySettings');

interface EmbeddedPoolIds {
  userPoolId: string;
  clientId: string;
}

/**
 * The embedded pool, its app client and the Admin group are made on the first start and their ids kept in
 * the data directory; later starts reuse them.
 */
export async function ensureEmbeddedPool(config: AppConfig, admin: CognitoAdmin): Promise<EmbeddedPoolIds> {
  const file = join(config.dataDir, 'identity.json');
  if (existsSync(file)) {
    const ids = JSON.parse(readFileSync(file, 'utf8')) as EmbeddedPoolIds;
    if (await admin.poolExists(ids.userPoolId)) return ids;
  }
  const ids = await admin.createPool('esign');
  await admin.createGroup(ids.userPoolId, ADMIN_GROUP);
  writeFileSync(file, JSON.stringify(ids, null, 2), { mode: 0o600 });
  return ids;
}

export function embeddedIdentitySettings(
  config: AppConfig,
  ids: EmbeddedPoolIds,
  internalUrl: string,
): IdentitySettings {
  const publicEndpoint = `${config.publicUrl}/cognito`;
  return {
    region: config.env.COGNITO_REGION,
    ...ids,
    publicEndpoint,
    issuer: `${publicEndpoint}/${ids.userPoolId}`,
    // The server fetches its own keys over loopback, whatever address the public one is.
    jwksUri: `${internalUrl}/${ids.userPoolId}/.well-known/jwks.json`,
  };
}

export function cognitoIdentitySettings(config: AppConfig): IdentitySettings {
  const region = config.env.COGNITO_REGION;
  const userPoolId = config.env.COGNITO_USER_POOL_ID ?? '';
  const issuer = `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  return {
    region,
    userPoolId,
    clientId: config.env.COGNITO_CLIENT_ID ?? '',
    issuer,
    jwksUri: `${issuer}/.well-known/jwks.json`,
  };
}
