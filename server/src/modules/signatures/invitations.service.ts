import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { signatureMessages } from '../../i18n/signature-messages';
import { signingMessages } from '../../i18n/signing-messages';
import { type UserEntity } from '../users/user.entity';
import { OutboxService } from '../outbox/outbox.service';
import { SignatoryEntity } from './signatory.entity';
import { type SignatureRequestEntity } from './signature-request.entity';
import { SIGNING_LINK_KEYS, type SigningLinkKeys } from './signing-link-keys';

/**
 * The e-mails signatories receive, each recorded in the caller's transaction (outbox): an invitation exists
 * if and only if the state change that caused it commits.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    @Inject(SIGNING_LINK_KEYS) private readonly keys: SigningLinkKeys,
  ) {}

  /** Gives each signatory a fresh link key, marks them INVITED and sends the invitation. */
  async invite(
    manager: EntityManager,
    request: SignatureRequestEntity,
    signatories: SignatoryEntity[],
    senderName: string,
  ): Promise<void> {
    const messages = signatureMessages(request.language).invitation;
    for (const signatory of signatories) {
      const issued = this.keys.issue();
      await manager.query(
        `UPDATE signatory SET status = 'INVITED', invited_at = now(), key_salt = $2, key_hash = $3 WHERE id = $1`,
        [signatory.id, issued.salt, issued.hash],
      );
      await this.outbox.send(
        {
          channel: 'email',
          to: signatory.email,
          subject: messages.subject(request.title),
          body: messages.body({
            signatoryName: signatory.name,
            senderName,
            title: request.title,
            link: this.link(request.id, issued.key),
          }),
        },
        manager,
      );
    }
  }

  /** Repeats a signatory's link (same key) in a reminder. */
  async remind(
    manager: EntityManager,
    request: SignatureRequestEntity,
    signatory: SignatoryEntity,
    senderName: string,
  ): Promise<void> {
    const [row] = await manager.query<{ key_salt: Buffer | null }[]>(
      `SELECT key_salt FROM signatory WHERE id = $1`,
      [signatory.id],
    );
    if (!row?.key_salt) return;
    const messages = signatureMessages(request.language).reminder;
    await this.outbox.send(
      {
        channel: 'email',
        to: signatory.email,
        subject: messages.subject(request.title),
        body: messages.body({
          signatoryName: signatory.name,
          senderName,
          title: request.title,
          link: this.link(request.id, this.keys.derive(row.key_salt)),
        }),
      },
      manager,
    );
  }

  async tellCancelled(
    manager: EntityManager,
    request: SignatureRequestEntity,
    signatories: SignatoryEntity[],
    senderName: string,
  ): Promise<void> {
    const messages = signatureMessages(request.language).cancelled;
    for (const signatory of signatories) {
      await this.outbox.send(
        {
          channel: 'email',
          to: signatory.email,
          subject: messages.subject(request.title),
          body: messages.body({ signatoryName: signatory.name, senderName, title: request.title }),
        },
        manager,
      );
    }
  }

  /** The final document is ready: each signatory gets their own link back, the member the back office's. */
  async tellCompleted(
    manager: EntityManager,
    request: SignatureRequestEntity,
    signatories: SignatoryEntity[],
    owner: UserEntity,
  ): Promise<void> {
    const salts = await manager.query<{ id: string; key_salt: Buffer | null }[]>(
      `SELECT id, key_salt FROM signatory WHERE request_id = $1`,
      [request.id],
    );
    const messages = signingMessages(request.language).completed;
    for (const signatory of signatories) {
      const salt = salts.find((row) => row.id === signatory.id)?.key_salt;
      if (!salt) continue;
      await this.outbox.send(
        {
          channel: 'email',
          to: signatory.email,
          subject: messages.subject(request.title),
          body: messages.body({
            name: signatory.name,
            title: request.title,
            link: this.link(request.id, this.keys.derive(salt)),
          }),
        },
        manager,
      );
    }
    const ownerMessages = signingMessages(owner.language).completed;
    await this.outbox.send(
      {
        channel: 'email',
        to: owner.email,
        subject: ownerMessages.subject(request.title),
        body: ownerMessages.body({
          name: owner.name,
          title: request.title,
          link: `${this.config.publicUrl}/signatures/${request.id}/download`,
        }),
      },
      manager,
    );
  }

  private link(requestId: string, key: string): string {
    return `${this.config.publicUrl}/sign/${requestId}?key=${encodeURIComponent(key)}`;
  }
}
