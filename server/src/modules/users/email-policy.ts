import { Injectable } from '@nestjs/common';
import { emailDomain, ErrorCode } from '@esign/shared';
import { AppConfig } from '../../config/app-config';
import { AppException } from '../../common/app-exception';

/** Account e-mails on the refused consumer domains (REJECTED_EMAIL_DOMAINS) get 422. */
@Injectable()
export class EmailPolicy {
  private readonly rejected: Set<string>;

  constructor(config: AppConfig) {
    this.rejected = new Set(config.rejectedEmailDomains);
  }

  assertAllowed(email: string): void {
    if (this.rejected.has(emailDomain(email))) {
      throw new AppException(ErrorCode.VALIDATION_FAILED, { email: 'validation.emailDomainRejected' });
    }
  }
}
