import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { type Request, type Response } from 'express';
import { type DataSource, type EntityManager } from 'typeorm';
import { type AuditDetails, ErrorCode } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type ClientInfo } from '../../common/client-info.decorator';
import { AuditService } from '../audit/audit.service';
import { DocumentsService } from '../documents/documents.service';
import { SignatureRequestStore } from '../signatures/signature-request-store';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { type DocumentViewedDto } from './dto/signing-page-input.dto';
import { assertNotClosed, resolveSigningLink, type SigningParty } from './signatory-link';
import { signatoryActor } from './signing-rules';

/** How long a code request waits for a delivery still being sent to the same link to finish. */
const SETTLE_WAIT_MS = 5_000;
const SETTLE_POLL_MS = 50;

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The revision a signatory signs now: the working copy, with the earlier ADVANCED signatures. */
export function currentRevisionSha256(party: SigningParty): string {
  return party.request.currentDocumentSha256 ?? party.request.documentSha256;
}

/** A filename for Content-Disposition: plain ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
function contentDisposition(name: string): string {
  const file = /\.pdf$/i.test(name) ? name : `${name}.pdf`;
  const ascii = file.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

/**
 * The document as a signing link receives it, and what the link did with it. The bytes are served by the
 * API itself (never a storage address that could be reused or shared) and every delivery is recorded: the
 * SHA-256 of exactly the bytes sent, the revision, when sending began and whether the last byte was handed
 * to the network, the client's address and browser, as a row (which the code and signing checks read) and
 * as an audit event. The signing page then reports that it rendered them (VIEW_DOCUMENT).
 */
@Injectable()
export class DocumentDeliveryService {
  private readonly logger = new Logger('DocumentDelivery');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly requests: SignatureRequestStore,
    private readonly documents: DocumentsService,
  ) {}

  async deliver(
    requestId: string,
    key: string | undefined,
    client: ClientInfo,
    incoming: Request,
    response: Response,
  ): Promise<void> {
    const party = await resolveSigningLink(this.requests, this.dataSource.manager, requestId, key);
    const { request, signatory } = party;
    if (request.status === 'CANCELLED') throw new AppException(ErrorCode.NOT_FOUND);
    assertNotClosed(party);
    const final = request.status === 'SIGNED';
    const storageKey = final ? request.signedDocumentKey : request.currentDocumentKey;
    const expected = final ? request.finalSha256 : currentRevisionSha256(party);
    if (!storageKey || !expected) throw new AppException(ErrorCode.NOT_FOUND);
    const bytes = await this.storage.get(storageKey);
    const sent = sha256(bytes);
    if (sent !== expected) {
      // What was stored is not what the request records: send nothing rather than evidence of other bytes.
      this.logger.error({ requestId, storageKey, expected, found: sent }, 'Stored document hash mismatch');
      throw new AppException(ErrorCode.INTERNAL);
    }
    response.status(200);
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Length', String(bytes.length));
    response.setHeader('Content-Disposition', contentDisposition(request.documentName));
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Accept-Ranges', 'none');
    // The hash lets the page check what it received before telling what it rendered.
    response.setHeader('X-Document-Sha256', sent);
    if (incoming.method === 'HEAD') {
      response.end();
      return;
    }
    const [row] = await this.dataSource.query<{ id: string }[]>(
      `INSERT INTO document_delivery (request_id, signatory_id, document_sha256, revision, size_bytes, ip, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        request.id,
        signatory.id,
        sent,
        final ? null : request.revision,
        bytes.length,
        client.ip,
        client.userAgent?.slice(0, 512) ?? null,
      ],
    );
    if (!row) throw new Error('delivery not recorded');
    let settled = false;
    const settle = (complete: boolean) => {
      if (settled) return;
      settled = true;
      this.settle(party, client, {
        deliveryId: row.id,
        documentSha256: sent,
        bytes: bytes.length,
        revision: final ? null : request.revision,
        final,
        complete,
      }).catch((error: unknown) =>
        this.logger.error({ err: error, requestId, deliveryId: row.id }, 'Delivery not settled'),
      );
    };
    // 'finish': the last byte was handed to the network. 'close' before it: the client went away.
    response.once('finish', () => settle(true));
    response.once('close', () => settle(response.writableFinished));
    response.end(bytes);
  }

  private async settle(
    party: SigningParty,
    client: ClientInfo,
    details: Omit<AuditDetails<'DELIVER_DOCUMENT'>, 'signatoryId'>,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        details.complete
          ? `UPDATE document_delivery SET completed_at = now() WHERE id = $1`
          : `UPDATE document_delivery SET aborted_at = now() WHERE id = $1`,
        [details.deliveryId],
      );
      await this.audit.record(
        {
          requestId: party.request.id,
          event: 'DELIVER_DOCUMENT',
          actor: signatoryActor(party, client),
          details: { signatoryId: party.signatory.id, ...details },
        },
        manager,
      );
    });
  }

  /**
   * Waits, a few seconds at most, for deliveries to this signatory that are still being sent to finish or
   * fail: a page that has just received the document may ask for a code before the server has recorded
   * that the last byte left.
   */
  async settled(signatoryId: string): Promise<void> {
    const deadline = Date.now() + SETTLE_WAIT_MS;
    for (;;) {
      const [row] = await this.dataSource.query<{ pending: number }[]>(
        `SELECT count(*)::int AS pending FROM document_delivery
          WHERE signatory_id = $1 AND completed_at IS NULL AND aborted_at IS NULL
            AND started_at > now() - interval '2 minutes'`,
        [signatoryId],
      );
      if (!row?.pending || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
  }

  /**
   * Refuses (409) a signatory whose link never received the complete current revision, or whose page never
   * reported displaying it (VIEW_DOCUMENT for those bytes): a code is only sent for a document shown.
   */
  async assertDisplayedCurrent(manager: EntityManager, party: SigningParty): Promise<string> {
    const current = currentRevisionSha256(party);
    const delivery = await this.completedDelivery(manager, party.signatory.id, current);
    if (!delivery) throw new AppException(ErrorCode.DOCUMENT_NOT_DELIVERED);
    const shown = await this.audit.recorded(manager, party.request.id, 'VIEW_DOCUMENT', {
      signatoryId: party.signatory.id,
      documentSha256: current,
    });
    if (!shown) throw new AppException(ErrorCode.DOCUMENT_NOT_DELIVERED);
    return delivery;
  }

  /** The last complete delivery of a working revision (not the sealed document) to this signatory's link. */
  async lastDelivery(
    manager: EntityManager,
    signatoryId: string,
  ): Promise<{ id: string; documentSha256: string } | null> {
    const [row] = await manager.query<{ id: string; document_sha256: string }[]>(
      `SELECT id, document_sha256 FROM document_delivery
        WHERE signatory_id = $1 AND completed_at IS NOT NULL AND revision IS NOT NULL
        ORDER BY completed_at DESC LIMIT 1`,
      [signatoryId],
    );
    return row ? { id: row.id, documentSha256: row.document_sha256 } : null;
  }

  private async completedDelivery(
    manager: EntityManager,
    signatoryId: string,
    documentSha256: string,
  ): Promise<string | null> {
    const [row] = await manager.query<{ id: string }[]>(
      `SELECT id FROM document_delivery
        WHERE signatory_id = $1 AND document_sha256 = $2 AND completed_at IS NOT NULL
        ORDER BY completed_at DESC LIMIT 1`,
      [signatoryId, documentSha256],
    );
    return row?.id ?? null;
  }

  /**
   * The page rendered the document: recorded only for bytes this link received in full, with the page count
   * the document has. The page's language is kept for what is sent to the signatory later.
   */
  async recordView(
    requestId: string,
    key: string | undefined,
    input: DocumentViewedDto,
    client: ClientInfo,
  ): Promise<{ recordedAt: string }> {
    // The bytes may have reached the page just before the server recorded that they all left.
    const { signatory: linked } = await resolveSigningLink(
      this.requests,
      this.dataSource.manager,
      requestId,
      key,
    );
    await this.settled(linked.id);
    await this.dataSource.transaction(async (manager) => {
      const party = await resolveSigningLink(this.requests, manager, requestId, key);
      const { request, signatory } = party;
      if (request.status === 'CANCELLED') throw new AppException(ErrorCode.NOT_FOUND);
      assertNotClosed(party);
      if (request.status !== 'IN_PROGRESS') {
        throw new AppException(
          signatory.status === 'SIGNED' ? ErrorCode.ALREADY_SIGNED : ErrorCode.NOT_FOUND,
        );
      }
      const deliveryId = await this.completedDelivery(manager, signatory.id, input.documentSha256);
      if (!deliveryId) {
        throw new AppException(ErrorCode.VALIDATION_FAILED, {
          documentSha256: 'validation.documentNotDelivered',
        });
      }
      const document = await this.documents.signingFacts(request.documentId, manager);
      if (document?.pageCount && document.pageCount !== input.pageCount) {
        throw new AppException(ErrorCode.VALIDATION_FAILED, { pageCount: 'validation.pageCountMismatch' });
      }
      if (input.language) await this.requests.rememberLanguage(manager, signatory.id, input.language);
      await this.audit.record(
        {
          requestId: request.id,
          event: 'VIEW_DOCUMENT',
          actor: signatoryActor(party, client),
          details: {
            signatoryId: signatory.id,
            deliveryId,
            documentSha256: input.documentSha256,
            current: input.documentSha256 === currentRevisionSha256(party),
            pageCount: input.pageCount,
            renderedAt: input.renderedAt,
          },
        },
        manager,
      );
    });
    const [{ now }] = await this.dataSource.query<[{ now: Date }]>(`SELECT now() AS now`);
    return { recordedAt: new Date(now).toISOString() };
  }
}
