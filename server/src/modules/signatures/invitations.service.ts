import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type Locale } from '@esign/shared';
import { AppConfig } from '../../config/app-config';
import { closureMessages } from '../../i18n/closure-messages';
import { signatureMessages } from '../../i18n/signature-messages';
import { signingMessages } from '../../i18n/signing-messages';
import { formatDisplayTime } from '../signing/pdf-work/signing-texts';
import { type UserEntity } from '../users/user.entity';
import { OutboxService } from '../outbox/outbox.service';
import { SignatoryEntity } from './signatory.entity';
import { type SignatureRequestEntity } from './signature-request.entity';
import { SIGNING_LINK_KEYS, type SigningLinkKeys } from './signing-link-keys';
import { SignatureRequestStore } from './signature-request-store';

/** A signatory's language: the one they last used on the signing page, else the request's. */
export function languageOf(request: SignatureRequestEntity, signatory: SignatoryEntity): Locale {
  return signatory.language ?? request.language;
}

/**
 * The e-mails signatories receive, each recorded in the caller's transaction (outbox): an invitation exists
 * if and only if the state change that caused it commits. Dates are Luxembourg time, in the mail's language.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    @Inject(SIGNING_LINK_KEYS) private readonly keys: SigningLinkKeys,
    private readonly requests: SignatureRequestStore,
  ) {}

  /**
   * Gives each signatory a fresh link key, marks them INVITED and sends the invitation; those in `replacing`
   * (e-mail addresses, lower case) had a link before the member changed the request, and are told it is void.
   */
  async invite(
    manager: EntityManager,
    request: SignatureRequestEntity,
    signatories: SignatoryEntity[],
    senderName: string,
    replacing: ReadonlySet<string> = new Set(),
  ): Promise<void> {
    for (const signatory of signatories) {
      const language = languageOf(request, signatory);
      const all = signatureMessages(language);
      const messages = replacing.has(signatory.email.toLowerCase()) ? all.reinvitation : all.invitation;
      const issued = this.keys.issue();
      await this.requests.markInvited(manager, signatory.id, issued.salt, issued.hash);
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
            deadline: formatDisplayTime(request.expiresAt, language),
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
    const language = languageOf(request, signatory);
    const messages = signatureMessages(language).reminder;
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
          deadline: formatDisplayTime(request.expiresAt, language),
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
    for (const signatory of signatories) {
      const messages = signatureMessages(languageOf(request, signatory)).cancelled;
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
    for (const signatory of signatories) {
      const salt = salts.find((row) => row.id === signatory.id)?.key_salt;
      if (!salt) continue;
      const messages = signingMessages(languageOf(request, signatory)).completed;
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

  /**
   * A signatory declined: the member gets the reason, the signatory a receipt, the other signatories already
   * invited (or who signed) that the request is closed, each in their language.
   */
  async tellDeclined(
    manager: EntityManager,
    request: SignatureRequestEntity,
    decliner: SignatoryEntity,
    signatories: SignatoryEntity[],
    owner: UserEntity,
    senderName: string,
    reason: string,
    declinedAt: Date,
  ): Promise<void> {
    const toMember = closureMessages(owner.language).declinedToMember;
    await this.outbox.send(
      {
        channel: 'email',
        to: owner.email,
        subject: toMember.subject(request.title),
        body: toMember.body({
          name: owner.name.trim() || owner.email,
          signatoryName: decliner.name,
          title: request.title,
          reason,
          declinedAt: formatDisplayTime(declinedAt, owner.language),
          link: this.detailsLink(request.id),
        }),
      },
      manager,
    );
    for (const signatory of signatories) {
      if (signatory.status === 'WAITING') continue;
      const messages = closureMessages(languageOf(request, signatory));
      const mail =
        signatory.id === decliner.id
          ? {
              subject: messages.declinedReceipt.subject(request.title),
              body: messages.declinedReceipt.body({
                signatoryName: signatory.name,
                senderName,
                title: request.title,
                reason,
              }),
            }
          : {
              subject: messages.declinedToSignatory.subject(request.title),
              body: messages.declinedToSignatory.body({
                signatoryName: signatory.name,
                senderName,
                title: request.title,
              }),
            };
      await this.outbox.send({ channel: 'email', to: signatory.email, ...mail }, manager);
    }
  }

  /** The request expired: the member and the signatories already invited (or who signed) are told. */
  async tellExpired(
    manager: EntityManager,
    request: SignatureRequestEntity,
    signatories: SignatoryEntity[],
    owner: UserEntity,
    senderName: string,
    expiredAt: Date,
  ): Promise<void> {
    const toMember = closureMessages(owner.language).expiredToMember;
    await this.outbox.send(
      {
        channel: 'email',
        to: owner.email,
        subject: toMember.subject(request.title),
        body: toMember.body({
          name: owner.name.trim() || owner.email,
          title: request.title,
          expiredAt: formatDisplayTime(expiredAt, owner.language),
          signed: signatories.filter((signatory) => signatory.status === 'SIGNED').length,
          total: signatories.length,
          link: this.detailsLink(request.id),
        }),
      },
      manager,
    );
    for (const signatory of signatories) {
      if (signatory.status === 'WAITING') continue;
      const language = languageOf(request, signatory);
      const messages = closureMessages(language).expiredToSignatory;
      await this.outbox.send(
        {
          channel: 'email',
          to: signatory.email,
          subject: messages.subject(request.title),
          body: messages.body({
            signatoryName: signatory.name,
            senderName,
            title: request.title,
            expiredAt: formatDisplayTime(expiredAt, language),
          }),
        },
        manager,
      );
    }
  }

  private detailsLink(requestId: string): string {
    return `${this.config.publicUrl}/signatures/${requestId}`;
  }

  private link(requestId: string, key: string): string {
    return `${this.config.publicUrl}/sign/${requestId}?key=${encodeURIComponent(key)}`;
  }
}
