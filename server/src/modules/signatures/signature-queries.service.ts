import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, In } from 'typeorm';
import {
  ErrorCode,
  type SignatureDetailsView,
  type SignatureDownloadResponse,
  type SignatureRequestView,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type ClientInfo } from '../../common/client-info.decorator';
import { AuditService } from '../audit/audit.service';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { type AuthenticatedUser } from '../users/authenticated-user';
import { SignatoryEntity } from './signatory.entity';
import { actorOf, findVisibleRequest, requestScope } from './signature-access';
import { SignatureListPages, type SignatureListPage } from './signature-list-page';
import { type SignatureListQuery } from './signature-list-query';
import { SignatureRequestEntity } from './signature-request.entity';
import { toSignatureView } from './signature-view';

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
  private readonly pages: SignatureListPages;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {
    this.pages = new SignatureListPages(dataSource);
  }

  async list(
    caller: AuthenticatedUser,
    query: SignatureListQuery,
    client: ClientInfo,
  ): Promise<SignatureListPage> {
    const page = await this.pages.page(query, requestScope(caller));
    // Appended without a lock or a transaction: list calls never queue behind each other.
    await this.audit.record({
      requestId: null,
      event: 'LIST',
      actor: actorOf(caller, client),
      details: { filter: { q: query.q, status: query.status }, count: page.count },
    });
    return page;
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
    const request = await this.dataSource.manager.findOneByOrFail(SignatureRequestEntity, { id });
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
    return this.dataSource.manager.find(SignatoryEntity, {
      where: { requestId: In(requests.map((request) => request.id)) },
      order: { order: 'ASC' },
    });
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
