import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DEFAULT_LOCALE, LOCALES, type PublicConfig } from '@esign/shared';
import { AppConfig } from '../../config/app-config';
import { Public } from '../users/auth.guard';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity/identity-settings';
import { TRUST_BUNDLE, type TrustBundle } from '../pki/pki.module';

/**
 * The embedded pool's address as a path (`/cognito`): the browser calls it on the origin it loaded the page
 * from, so signing in works at any address (LAN, second host name, reverse proxy) and within the page's
 * `connect-src 'self'`, whatever PUBLIC_URL says.
 */
function sameOriginPath(endpoint: string): string {
  // The base only serves an endpoint that is already a path.
  return new URL(endpoint, 'http://origin.invalid').pathname.replace(/\/+$/, '');
}

@ApiTags('platform')
@Public()
@Controller()
export class PlatformController {
  constructor(
    @Inject(IDENTITY_SETTINGS) private readonly identity: IdentitySettings,
    @Inject(TRUST_BUNDLE) private readonly trust: TrustBundle,
    private readonly appConfig: AppConfig,
  ) {}

  @Get('config')
  @ApiOperation({ summary: 'Run-time settings of the front ends' })
  config(): PublicConfig {
    return {
      cognito: {
        region: this.identity.region,
        userPoolId: this.identity.userPoolId,
        clientId: this.identity.clientId,
        ...(this.identity.publicEndpoint ? { endpoint: sameOriginPath(this.identity.publicEndpoint) } : {}),
      },
      locales: [...LOCALES],
      defaultLocale: DEFAULT_LOCALE,
      requestExpiryDays: this.appConfig.env.REQUEST_EXPIRY_DAYS,
      qualifiedSignatures: this.appConfig.offersQualifiedSignatures,
    };
  }

  @Get('trust/ca.pem')
  @Header('Content-Type', 'application/x-pem-file')
  @Header('Content-Disposition', 'attachment; filename="ca.pem"')
  @ApiOperation({
    summary: 'The certificates a relying party trusts to validate the signatures and time-stamps',
  })
  trustBundle(): string {
    return this.trust.pem;
  }
}
