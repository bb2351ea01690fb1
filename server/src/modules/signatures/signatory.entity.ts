import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { type Locale, type PageRectangle, type PlacementPosition, type SignatoryStatus } from '@esign/shared';
import type { SignatureRequestEntity } from './signature-request.entity';

@Entity('signatory')
export class SignatoryEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'request_id', type: 'uuid' }) requestId: string;
  @Column({ name: 'sign_order', type: 'integer' }) order: number;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) email: string;
  @Column({ type: 'text' }) mobile: string;
  @Column({ name: 'placement_page', type: 'integer' }) placementPage: number;
  @Column({ name: 'placement_position', type: 'text' }) placementPosition: PlacementPosition;
  /** On a generated document, the party signed for (`vendeurs.0`); null for an extra or an upload. */
  @Column({ type: 'text', nullable: true }) party: string | null;
  /** The capacity signed in: the party's role ("Vendeur") or an extra's ("Témoin"). */
  @Column({ type: 'text', nullable: true }) role: string | null;
  /** The party's frame, where the block goes whatever its size: 1-based page and rectangle in points. */
  @Column({ type: 'jsonb', nullable: true }) frame: { page: number; rect: PageRectangle } | null;
  @Column({ type: 'text' }) status: SignatoryStatus;
  /** The signing-link key is HMAC(secret, keySalt); neither is ever sent to a client. */
  @Column({ name: 'key_salt', type: 'bytea', nullable: true, select: false }) keySalt: Buffer | null;
  /** SHA-256 of the signing-link key; the key itself is only in the invitation. */
  @Column({ name: 'key_hash', type: 'bytea', nullable: true, select: false }) keyHash: Buffer | null;
  @Column({ name: 'invited_at', type: 'timestamptz', nullable: true }) invitedAt: Date | null;
  @Column({ name: 'signed_at', type: 'timestamptz', nullable: true }) signedAt: Date | null;
  @Column({ type: 'text', nullable: true }) location: string | null;
  @Column({ name: 'last_reminded_at', type: 'timestamptz', nullable: true }) lastRemindedAt: Date | null;
  @Column({ name: 'reminder_count', type: 'integer' }) reminderCount: number;
  @Column({ name: 'otp_failures', type: 'integer' }) otpFailures: number;
  @Column({ name: 'otp_locked_at', type: 'timestamptz', nullable: true }) otpLockedAt: Date | null;
  /** The consents ticked, with the version of their texts and when. */
  @Column({ type: 'jsonb', nullable: true }) consents: Record<string, unknown> | null;
  @Column({ name: 'signed_ip', type: 'text', nullable: true }) signedIp: string | null;
  @Column({ name: 'signed_user_agent', type: 'text', nullable: true }) signedUserAgent: string | null;
  @Column({ name: 'certificate_serial', type: 'text', nullable: true }) certificateSerial: string | null;
  @Column({ name: 'certificate_fingerprint', type: 'text', nullable: true }) certificateFingerprint:
    string | null;
  /** The SHA-256 of the document revision the signatory was shown and signed. */
  @Column({ name: 'signed_revision_sha256', type: 'text', nullable: true }) signedRevisionSha256:
    string | null;
  @Column({ name: 'declined_at', type: 'timestamptz', nullable: true }) declinedAt: Date | null;
  /** The language the signatory last used on the signing page; what is sent to them is in it. */
  @Column({ type: 'text', nullable: true }) language: Locale | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;

  // Named, not imported: the request's entity imports this one, and a cycle between the two files would
  // leave one of them undefined while the other is being read.
  @ManyToOne('SignatureRequestEntity', (request: SignatureRequestEntity) => request.signatories, {
    onDelete: 'CASCADE',
  })
  @JoinColumn({ name: 'request_id' })
  request?: SignatureRequestEntity;
}
