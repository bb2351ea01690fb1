import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_GROUP } from '@esign/shared';
import { type AppConfig } from '../../config/app-config';
import { writeFileDurably } from '../../common/durable-files';
import { type CognitoAdmin } from './cognito-admin';

/** Where tokens come from and how to check them. */
export interface IdentitySettings {
  region: string;
  userPoolId: string;
  clientId: string;
  /** The pool's API as browsers reach it (embedded pool only). */
  publicEndpoint?: string;
  issuer: string;
  /** Where the server fetches the pool's keys (Cognito); the embedded pool's key is known in this process. */
  jwksUri?: string;
  /** The embedded pool's token key, used directly instead of a JWKS fetch. */
  publicKeyPem?: string;
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
  await writeFileDurably(file, JSON.stringify(ids, null, 2));
  return ids;
}

/** The embedded pool and its client, with the product's token lifetimes (also for pools made earlier). */
export async function readyEmbeddedPool(config: AppConfig, admin: CognitoAdmin): Promise<EmbeddedPoolIds> {
  const ids = await ensureEmbeddedPool(config, admin);
  await admin.applyTokenValidity(ids.userPoolId, ids.clientId);
  return ids;
}

export function embeddedIdentitySettings(
  config: AppConfig,
  ids: EmbeddedPoolIds,
  publicKeyPem: string,
): IdentitySettings {
  const publicEndpoint = `${config.publicUrl}/cognito`;
  return {
    region: config.env.COGNITO_REGION,
    ...ids,
    publicEndpoint,
    // An identifier the tokens carry, not an address anyone fetches: it stays the same whatever host the
    // browser used.
    issuer: `${publicEndpoint}/${ids.userPoolId}`,
    publicKeyPem,
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
