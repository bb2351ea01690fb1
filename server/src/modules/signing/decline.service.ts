import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { ErrorCode } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type ClientInfo } from '../../common/client-info.decorator';
import { AuditService } from '../audit/audit.service';
import { JobQueue } from '../jobs/job-queue.service';
import { Metrics } from '../metrics/metrics.service';
import { InvitationsService } from '../signatures/invitations.service';
import { senderName } from '../signatures/signature-access';
import { SignatureRequestStore } from '../signatures/signature-request-store';
import { UsersService } from '../users/users.service';
import { type DeclineDto } from './dto/signing-page-input.dto';
import { assertNotClosed, resolveSigningLink } from './signatory-link';
import { signatoryActor } from './signing-rules';
import { OneTimeCodeStore } from './one-time-code-store';

/**
 * A signatory declines to sign, with a reason: one transaction under the request's row lock. The request
 * becomes DECLINED (final: every link then shows only that it was declined, nothing can be signed, sealed or
 * billed as completed), unused codes are voided, the DECLINE event records who, when, from where and why,
 * and the member, the signatory and the other signatories already invited are told, each in their language.
 *
 * Declining needs the link, not a code: whoever holds the link can refuse (as with the peers' products), and
 * the audit trail keeps the address and browser it came from. A signatory locked out by wrong codes may still
 * decline. A member cannot decline on a signatory's behalf; they cancel the request instead.
 */
@Injectable()
export class DeclineService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly invitations: InvitationsService,
    private readonly jobs: JobQueue,
    private readonly requests: SignatureRequestStore,
    private readonly codes: OneTimeCodeStore,
    private readonly users: UsersService,
    private readonly metrics: Metrics,
  ) {}

  async decline(
    requestId: string,
    key: string | undefined,
    input: DeclineDto,
    client: ClientInfo,
  ): Promise<{ status: 'DECLINED'; declinedAt: string }> {
    const { declinedAt, mode } = await this.dataSource.transaction(async (manager) => {
      const party = await resolveSigningLink(this.requests, manager, requestId, key, true);
      const { request, signatory, signatories } = party;
      if (request.status === 'CANCELLED') throw new AppException(ErrorCode.NOT_FOUND);
      assertNotClosed(party);
      if (signatory.status === 'SIGNED') throw new AppException(ErrorCode.ALREADY_SIGNED);
      if (request.status !== 'IN_PROGRESS') throw new AppException(ErrorCode.NOT_FOUND);
      if (signatory.status !== 'INVITED') throw new AppException(ErrorCode.NOT_YOUR_TURN);
      const at = await this.requests.decline(manager, request.id, signatory.id, input.reason);
      await this.codes.closed(manager, request.id);
      if (input.language) {
        await this.requests.rememberLanguage(manager, signatory.id, input.language);
        signatory.language = input.language;
      }
      await this.audit.record(
        {
          requestId: request.id,
          event: 'DECLINE',
          actor: signatoryActor(party, client),
          details: { signatoryId: signatory.id, reason: input.reason, language: input.language ?? null },
        },
        manager,
      );
      const owner = await this.users.ownerOf(request.ownerId, manager);
      await this.invitations.tellDeclined(
        manager,
        request,
        signatory,
        signatories,
        owner,
        senderName(owner),
        input.reason,
        at,
      );
      return { declinedAt: at, mode: request.signingMode };
    });
    this.metrics.requestEvent('declined', mode);
    this.jobs.nudge();
    return { status: 'DECLINED', declinedAt: declinedAt.toISOString() };
  }
}
