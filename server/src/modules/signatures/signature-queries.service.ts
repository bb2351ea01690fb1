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
import { listTotal, type ListTotal } from '../../common/list-total';
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

interface PageExtras {
  owner_name: string | null;
  owner_email: string;
  page_count: number | null;
}

/**
 * Reading requests. Every read by a person is an audit event (list, view, view details), appended without
 * locking anything (see AuditService).
 */
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
  ): Promise<{ items: SignatureRequestView[] } & ListTotal> {
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
    // The owner's name and the page count come with the page (to-one joins: one row per request).
    const { entities: requests, raw } = await builder
      .clone()
      .leftJoin('app_user', 'u', 'u.id = r.owner_id')
      .leftJoin('document', 'd', 'd.id = r.document_id')
      .addSelect(['u.name AS owner_name', 'u.email AS owner_email', 'd.page_count AS page_count'])
      .orderBy(SORT_COLUMNS[query.sortField], query.sortOrder)
      .addOrderBy('r.id', 'ASC')
      .offset(query.offset)
      .limit(query.limit)
      .getRawAndEntities<PageExtras & { r_id: string }>();
    const extras = new Map<string, PageExtras>(raw.map((row) => [row.r_id, row]));
    // The event is appended without a lock or a transaction: list calls never queue behind each other.
    const [total, signatories] = await Promise.all([
      listTotal(this.dataSource, builder, {
        offset: query.offset,
        limit: query.limit,
        count: requests.length,
      }),
      this.signatoriesOf(requests),
      this.audit.record({
        requestId: null,
        event: 'LIST',
        actor: actorOf(caller, client),
        details: { filter: { q: query.q, status: query.status }, count: requests.length },
      }),
    ]);
    const items = assemble(requests, signatories, extras);
    return { items, ...total };
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
    const [[view], chain] = await Promise.all([this.views([request]), this.audit.chain(request.id)]);
    return { ...(view as SignatureRequestView), auditTrail: chain.trail, auditChainValid: chain.valid };
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
    const [extras, signatories] = await Promise.all([
      this.dataSource.query<(PageExtras & { id: string })[]>(
        `SELECT r.id, u.name AS owner_name, u.email AS owner_email, d.page_count
           FROM signature_request r JOIN app_user u ON u.id = r.owner_id JOIN document d ON d.id = r.document_id
          WHERE r.id = ANY($1)`,
        [requests.map((request) => request.id)],
      ),
      this.signatoriesOf(requests),
    ]);
    return assemble(requests, signatories, new Map(extras.map((row) => [row.id, row])));
  }

  private signatoriesOf(requests: SignatureRequestEntity[]): Promise<SignatoryEntity[]> {
    if (requests.length === 0) return Promise.resolve([]);
    return this.dataSource
      .getRepository(SignatoryEntity)
      .createQueryBuilder('s')
      .where('s.request_id IN (:...ids)', { ids: requests.map((request) => request.id) })
      .orderBy('s.sign_order', 'ASC')
      .getMany();
  }
}

function assemble(
  requests: SignatureRequestEntity[],
  signatories: SignatoryEntity[],
  extras: Map<string, PageExtras>,
): SignatureRequestView[] {
  return requests.map((request) => {
    const extra = extras.get(request.id);
    return toSignatureView(
      request,
      signatories.filter((signatory) => signatory.requestId === request.id),
      { ownerName: extra?.owner_name || extra?.owner_email || '', pageCount: extra?.page_count ?? 0 },
    );
  });
}
