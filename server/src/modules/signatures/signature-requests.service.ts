import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { ErrorCode, type Locale, type RequestContentDetails, type SignatureRequestView } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type ClientInfo } from '../../common/client-info.decorator';
import { AppConfig } from '../../config/app-config';
import { AuditService } from '../audit/audit.service';
import { DocumentsService, type ReadyDocument } from '../documents/documents.service';
import { JobQueue } from '../jobs/job-queue.service';
import { Metrics } from '../metrics/metrics.service';
import { UsersService } from '../users/users.service';
import { type AuthenticatedUser } from '../users/authenticated-user';
import { type SignatureRequestInputDto } from './dto/signature-input.dto';
import { InvitationsService } from './invitations.service';
import { SignatoryEntity } from './signatory.entity';
import {
  actorOf,
  assertAgencyManager,
  assertMemberWrite,
  findVisibleRequest,
  senderName,
} from './signature-access';
import { SignatureRequestEntity } from './signature-request.entity';
import { prepareSignatories, type PreparedSignatory } from './signature-rules';
import { SignatureQueriesService } from './signature-queries.service';
import { SignatureRequestStore } from './signature-request-store';

/** What a request's input sets, on creation and on each change; the document's hashes come from the store. */
function requestContent(input: SignatureRequestInputDto, document: ReadyDocument, language: Locale) {
  return {
    documentId: document.id,
    title: input.signatureTitle,
    documentName: input.documentName,
    documentType: input.documentType,
    templateType: input.documentType === 'TEMPLATE' ? (input.templateType ?? document.templateType) : null,
    signingMode: input.signingMode,
    signingFlow: input.signingFlow,
    signatureSize: input.signatureSize,
    sealPage: input.sealPage,
    sealSize: input.sealSize,
    language,
    documentSha256: document.sha256,
    currentDocumentKey: document.storageKey,
    currentDocumentSha256: document.sha256,
    amlRisk: document.amlRisk,
    amlRiskLevel: document.amlRisk?.level ?? null,
  };
}

/** Creating, changing and cancelling requests: each a single transaction with its audit event and e-mails. */
@Injectable()
export class SignatureRequestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly documents: DocumentsService,
    private readonly invitations: InvitationsService,
    private readonly audit: AuditService,
    private readonly jobs: JobQueue,
    private readonly queries: SignatureQueriesService,
    private readonly config: AppConfig,
    private readonly requests: SignatureRequestStore,
    private readonly metrics: Metrics,
    private readonly users: UsersService,
  ) {}

  /**
   * A manager puts someone else of the agency, active, in charge of one of its requests; recorded in the
   * request's trail. Naming the person already in charge changes nothing and records nothing.
   */
  async assign(
    caller: AuthenticatedUser,
    id: string,
    userId: string,
    client: ClientInfo,
  ): Promise<SignatureRequestView> {
    const agencyId = assertAgencyManager(caller);
    await this.dataSource.transaction(async (manager) => {
      // The request first: another agency's is a 404, whoever is named.
      const request = await findVisibleRequest(manager, caller, id, true);
      const assignee = await this.users.findById(userId, manager);
      if (!assignee || assignee.agencyId !== agencyId || assignee.isDisabled) {
        throw new AppException(ErrorCode.VALIDATION_FAILED, { userId: 'validation.assignee' });
      }
      if (request.assigneeId === assignee.id) return;
      await this.requests.assign(manager, request.id, assignee.id);
      await this.audit.record(
        {
          requestId: request.id,
          event: 'ASSIGN',
          actor: actorOf(caller, client),
          details: {
            previousAssigneeId: request.assigneeId,
            assigneeId: assignee.id,
            assigneeName: assignee.name.trim() || assignee.email,
          },
        },
        manager,
      );
    });
    return this.queries.viewById(id);
  }

  async create(
    caller: AuthenticatedUser,
    input: SignatureRequestInputDto,
    client: ClientInfo,
  ): Promise<SignatureRequestView> {
    assertMemberWrite(caller);
    const { document, signatories } = await this.prepare(caller, input);
    const created = await this.dataSource.transaction(async (manager) => {
      const expiryDays = input.expiryDays ?? this.config.env.REQUEST_EXPIRY_DAYS;
      const request = await this.requests.add(manager, {
        ...requestContent(input, document, input.language ?? caller.user.language),
        ownerId: caller.user.id,
        agencyId: caller.user.agencyId,
        assigneeId: caller.user.id,
        // Set from the database's clock just after.
        expiresAt: new Date(Date.now() + expiryDays * 86_400_000),
      });
      const rows = await this.insertSignatories(manager, request.id, signatories);
      await this.setExpiry(manager, request, expiryDays);
      await this.audit.record(
        {
          requestId: request.id,
          event: 'CREATE',
          actor: actorOf(caller, client),
          details: this.auditDetails(request, rows),
        },
        manager,
      );
      await this.send(manager, caller, request, rows);
      return request;
    });
    this.metrics.requestEvent('created', created.signingMode);
    this.jobs.nudge();
    return this.queries.viewById(created.id);
  }

  /** Replaces the request's content while nobody has signed; every signatory gets a new link. */
  async update(
    caller: AuthenticatedUser,
    id: string,
    input: SignatureRequestInputDto,
    client: ClientInfo,
  ): Promise<SignatureRequestView> {
    assertMemberWrite(caller);
    // The document is the request's creator's: the agency's manager, or the person in charge, changes the
    // request with it too.
    const { ownerId } = await findVisibleRequest(this.dataSource.manager, caller, id);
    const { document, signatories } = await this.prepare(caller, input, ownerId);
    await this.dataSource.transaction(async (manager) => {
      const request = await findVisibleRequest(manager, caller, id, true);
      await this.assertEditable(manager, request);
      const invitedBefore = await manager.find(SignatoryEntity, { where: { requestId: request.id } });
      const replacing = new Set(
        invitedBefore.filter((row) => row.invitedAt !== null).map((row) => row.email.toLowerCase()),
      );
      Object.assign(request, requestContent(input, document, input.language ?? request.language));
      await this.requests.saveContent(manager, request);
      const rows = await this.insertSignatories(manager, request.id, signatories);
      if (input.expiryDays !== undefined) await this.setExpiry(manager, request, input.expiryDays);
      await this.audit.record(
        {
          requestId: request.id,
          event: 'UPDATE',
          actor: actorOf(caller, client),
          details: this.auditDetails(request, rows),
        },
        manager,
      );
      await this.send(manager, caller, request, rows, replacing);
    });
    this.jobs.nudge();
    return this.queries.viewById(id);
  }

  /** Cancels a request that is still collecting signatures; links stop working and invitees are told. */
  async cancel(caller: AuthenticatedUser, id: string, client: ClientInfo): Promise<SignatureRequestView> {
    assertMemberWrite(caller);
    const cancelled = await this.dataSource.transaction(async (manager) => {
      const request = await findVisibleRequest(manager, caller, id, true);
      if (request.status !== 'INIT' && request.status !== 'IN_PROGRESS') {
        throw new AppException(ErrorCode.DOCUMENT_NOT_EDITABLE);
      }
      const signatories = await manager.find(SignatoryEntity, { where: { requestId: request.id } });
      await this.requests.cancel(manager, request.id);
      await this.audit.record(
        { requestId: request.id, event: 'CANCEL', actor: actorOf(caller, client) },
        manager,
      );
      const informed = signatories.filter((signatory) => signatory.status !== 'WAITING');
      await this.invitations.tellCancelled(manager, request, informed, senderName(caller.user));
      return request;
    });
    this.metrics.requestEvent('cancelled', cancelled.signingMode);
    this.jobs.nudge();
    return this.queries.viewById(id);
  }

  private async prepare(
    caller: AuthenticatedUser,
    input: SignatureRequestInputDto,
    documentOwnerId = caller.user.id,
  ) {
    const document = await this.documents.findReadyForOwner(documentOwnerId, input.documentId);
    const { formData, signatureLayout, templateType } = document;
    const signatories = prepareSignatories(input, {
      documentSource: document.source,
      pageCount: document.pageCount,
      pages: document.pages,
      ownerHasLogo: (await this.users.logoKeyOf(caller.user)) !== null,
      qualifiedOffered: this.config.offersQualifiedSignatures,
      template:
        document.source === 'TEMPLATE' && formData && signatureLayout && templateType
          ? { templateType, formData, layout: signatureLayout }
          : null,
    });
    return { document, signatories };
  }

  /** Nobody signed yet, and still open: a request past its expiry date is not revived by a change. */
  private async assertEditable(manager: EntityManager, request: SignatureRequestEntity): Promise<void> {
    const signed = await manager.count(SignatoryEntity, {
      where: { requestId: request.id, status: 'SIGNED' },
    });
    if ((request.status !== 'INIT' && request.status !== 'IN_PROGRESS') || signed > 0) {
      throw new AppException(ErrorCode.DOCUMENT_NOT_EDITABLE);
    }
    const [clock] = await manager.query<{ past: boolean }[]>(`SELECT $1::timestamptz <= now() AS past`, [
      request.expiresAt,
    ]);
    if (clock?.past) throw new AppException(ErrorCode.REQUEST_EXPIRED);
  }

  /** The request can be signed until `days` days from now, by the database's clock. */
  private async setExpiry(
    manager: EntityManager,
    request: SignatureRequestEntity,
    days: number,
  ): Promise<void> {
    request.expiresAt = await this.requests.setExpiryFromNow(manager, request.id, days);
  }

  private insertSignatories(
    manager: EntityManager,
    requestId: string,
    signatories: PreparedSignatory[],
  ): Promise<SignatoryEntity[]> {
    return this.requests.replaceSignatories(
      manager,
      requestId,
      signatories.map((signatory) => ({
        order: signatory.order,
        name: signatory.name,
        email: signatory.email,
        mobile: signatory.mobile,
        placementPage: signatory.page,
        placementPosition: signatory.position,
        party: signatory.party,
        role: signatory.role,
        frame: signatory.frame,
      })),
    );
  }

  /** INIT → IN_PROGRESS: everyone at once, or the first in line. */
  private async send(
    manager: EntityManager,
    caller: AuthenticatedUser,
    request: SignatureRequestEntity,
    signatories: SignatoryEntity[],
    replacing: ReadonlySet<string> = new Set(),
  ): Promise<void> {
    const ordered = [...signatories].sort((a, b) => a.order - b.order);
    const invited = request.signingFlow === 'CONCURRENT' ? ordered : ordered.slice(0, 1);
    await this.invitations.invite(manager, request, invited, senderName(caller.user), replacing);
    await this.requests.markSent(manager, request.id);
  }

  private auditDetails(
    request: SignatureRequestEntity,
    signatories: SignatoryEntity[],
  ): RequestContentDetails {
    return {
      title: request.title,
      documentName: request.documentName,
      documentSha256: request.documentSha256,
      signingMode: request.signingMode,
      signingFlow: request.signingFlow,
      expiresAt: request.expiresAt.toISOString(),
      signatories: signatories.map((s) => ({
        order: s.order,
        name: s.name,
        email: s.email,
        mobile: s.mobile,
        ...(s.role ? { role: s.role } : {}),
        ...(s.party ? { party: s.party } : {}),
      })),
    };
  }
}
