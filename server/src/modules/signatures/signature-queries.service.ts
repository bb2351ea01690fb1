import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import {
  ErrorCode,
  type SignatureDetailsView,
  type SignatureDownloadResponse,
  type SignatureRequestView,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type ClientInfo } from '../../common/client-info.decorator';
import { likePattern } from '../../common/list-query';
import { AuditService } from '../audit/audit.service';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { type AuthenticatedUser, isAdmin } from '../users/authenticated-user';
import { SignatoryEntity } from './signatory.entity';
import { actorOf, findVisibleRequest } from './signature-access';
import { type SignatureListQuery } from './signature-list-query';
import { SignatureRequestEntity } from './signature-request.entity';
import { toSignatureView } from './signature-view';

const SORT_COLUMNS: Record<SignatureListQuery['sortField'], string> = {
  createdAt: 'r.created_at',
  updatedAt: 'r.updated_at',
  signatureTitle: 'r.title',
  status: 'r.status',
};
const DOWNLOAD_URL_SECONDS = 300;

/** Reading requests. Every read by a person is an audit event (list, view, view details). */
@Injectable()
export class SignatureQueriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async list(
    caller: AuthenticatedUser,
    query: SignatureListQuery,
    client: ClientInfo,
  ): Promise<{ items: SignatureRequestView[]; total: number }> {
    const builder = this.dataSource.getRepository(SignatureRequestEntity).createQueryBuilder('r');
    if (!isAdmin(caller)) builder.where('r.owner_id = :owner', { owner: caller.user.id });
    if (query.status) builder.andWhere('r.status = :status', { status: query.status });
    if (query.signingMode) builder.andWhere('r.signing_mode = :mode', { mode: query.signingMode });
    if (query.amlRiskLevel) builder.andWhere('r.aml_risk_level = :risk', { risk: query.amlRiskLevel });
    if (query.documentType) builder.andWhere('r.document_type = :type', { type: query.documentType });
    if (query.q) {
      builder.andWhere(
        `(r.title ILIKE :pattern OR EXISTS (SELECT 1 FROM signatory s WHERE s.request_id = r.id AND s.name ILIKE :pattern))`,
        { pattern: likePattern(query.q) },
      );
    }
    const [requests, total] = await builder
      .orderBy(SORT_COLUMNS[query.sortField], query.sortOrder)
      .addOrderBy('r.id', 'ASC')
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    await this.audit.record({
      requestId: null,
      event: 'LIST',
      actor: actorOf(caller, client),
      details: { filter: { q: query.q, status: query.status }, count: requests.length },
    });
    return { items: await this.views(requests), total };
  }

  async view(caller: AuthenticatedUser, id: string, client: ClientInfo): Promise<SignatureRequestView> {
    const request = await findVisibleRequest(this.dataSource.manager, caller, id);
    await this.audit.record({ requestId: request.id, event: 'VIEW', actor: actorOf(caller, client) });
    const [view] = await this.views([request]);
    return view as SignatureRequestView;
  }

  async details(caller: AuthenticatedUser, id: string, client: ClientInfo): Promise<SignatureDetailsView> {
    const request = await findVisibleRequest(this.dataSource.manager, caller, id);
    await this.audit.record({ requestId: request.id, event: 'VIEW_DETAILS', actor: actorOf(caller, client) });
    const [[view], auditTrail, chain] = await Promise.all([
      this.views([request]),
      this.audit.trail(request.id),
      this.audit.verify(request.id),
    ]);
    return { ...(view as SignatureRequestView), auditTrail, auditChainValid: chain.valid };
  }

  async download(caller: AuthenticatedUser, id: string): Promise<SignatureDownloadResponse> {
    const request = await findVisibleRequest(this.dataSource.manager, caller, id);
    if (request.status !== 'SIGNED' || !request.signedDocumentKey) {
      throw new AppException(ErrorCode.DOCUMENT_NOT_READY);
    }
    const downloadName = /\.pdf$/i.test(request.documentName)
      ? request.documentName
      : `${request.documentName}.pdf`;
    const documentUrl = await this.storage.createDownloadUrl(request.signedDocumentKey, {
      downloadName,
      contentType: 'application/pdf',
      expiresInSeconds: DOWNLOAD_URL_SECONDS,
    });
    return { documentUrl, signatureTitle: request.title, documentName: downloadName };
  }

  /** The current view of a request, for answers after a change (no audit event: the change has its own). */
  async viewById(id: string): Promise<SignatureRequestView> {
    const request = await this.dataSource.getRepository(SignatureRequestEntity).findOneByOrFail({ id });
    const [view] = await this.views([request]);
    return view as SignatureRequestView;
  }

  private async views(requests: SignatureRequestEntity[]): Promise<SignatureRequestView[]> {
    if (requests.length === 0) return [];
    const ids = requests.map((request) => request.id);
    const [signatories, extras] = await Promise.all([
      this.dataSource
        .getRepository(SignatoryEntity)
        .createQueryBuilder('s')
        .where('s.request_id IN (:...ids)', { ids })
        .orderBy('s.sign_order', 'ASC')
        .getMany(),
      this.dataSource.query<
        { id: string; owner_name: string; owner_email: string; page_count: number | null }[]
      >(
        `SELECT r.id, u.name AS owner_name, u.email AS owner_email, d.page_count
           FROM signature_request r JOIN app_user u ON u.id = r.owner_id JOIN document d ON d.id = r.document_id
          WHERE r.id = ANY($1)`,
        [ids],
      ),
    ]);
    return requests.map((request) => {
      const extra = extras.find((row) => row.id === request.id);
      return toSignatureView(
        request,
        signatories.filter((signatory) => signatory.requestId === request.id),
        { ownerName: extra?.owner_name || extra?.owner_email || '', pageCount: extra?.page_count ?? 0 },
      );
    });
  }
}
