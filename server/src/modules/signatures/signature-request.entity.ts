import {
  Column,
  CreateDateColumn,
  Entity,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import {
  type DocumentType,
  type Locale,
  type RiskLevel,
  type RiskResult,
  type SignatureSize,
  type SignatureStatus,
  type SigningFlow,
  type SigningMode,
  type TemplateType,
} from '@esign/shared';
import { SignatoryEntity } from './signatory.entity';

@Entity('signature_request')
export class SignatureRequestEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  /** Who created the request. */
  @Column({ name: 'owner_id', type: 'uuid' }) ownerId: string;
  /** The agency the request belongs to (its creator's); null for a group member's request. */
  @Column({ name: 'agency_id', type: 'uuid', nullable: true }) agencyId: string | null;
  /** The person in charge: the creator, until a manager gives the request to someone else of the agency. */
  @Column({ name: 'assignee_id', type: 'uuid', nullable: true }) assigneeId: string | null;
  @Column({ name: 'document_id', type: 'uuid' }) documentId: string;
  @Column({ type: 'text' }) title: string;
  @Column({ name: 'document_name', type: 'text' }) documentName: string;
  @Column({ name: 'document_type', type: 'text' }) documentType: DocumentType;
  @Column({ name: 'template_type', type: 'text', nullable: true }) templateType: TemplateType | null;
  @Column({ name: 'signing_mode', type: 'text' }) signingMode: SigningMode;
  @Column({ name: 'signing_flow', type: 'text' }) signingFlow: SigningFlow;
  @Column({ name: 'signature_size', type: 'text' }) signatureSize: SignatureSize;
  @Column({ name: 'seal_page', type: 'integer' }) sealPage: number;
  @Column({ name: 'seal_size', type: 'text' }) sealSize: SignatureSize;
  @Column({ type: 'text' }) language: Locale;
  /** An AML form's computed risk, copied from its document when the request is made or changed. */
  @Column({ name: 'aml_risk', type: 'jsonb', nullable: true }) amlRisk: RiskResult | null;
  @Column({ name: 'aml_risk_level', type: 'text', nullable: true }) amlRiskLevel: RiskLevel | null;
  @Column({ type: 'text' }) status: SignatureStatus;
  /** The SHA-256 of the normalised document the signatories are shown and sign. */
  @Column({ name: 'document_sha256', type: 'text' }) documentSha256: string;
  @Column({ name: 'signed_document_key', type: 'text', nullable: true }) signedDocumentKey: string | null;
  /** The working copy: the normalised upload, then each ADVANCED signature's revision. */
  @Column({ name: 'current_document_key', type: 'text', nullable: true }) currentDocumentKey: string | null;
  @Column({ name: 'current_document_sha256', type: 'text', nullable: true }) currentDocumentSha256:
    string | null;
  @Column({ type: 'integer' }) revision: number;
  @Column({ name: 'final_sha256', type: 'text', nullable: true }) finalSha256: string | null;
  @Column({ name: 'seal_attempts', type: 'integer' }) sealAttempts: number;
  @Column({ name: 'seal_error', type: 'text', nullable: true }) sealError: string | null;
  @Column({ name: 'updating_since', type: 'timestamptz', nullable: true }) updatingSince: Date | null;
  @Column({ name: 'next_reminder_at', type: 'timestamptz', nullable: true }) nextReminderAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true }) sentAt: Date | null;
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true }) completedAt: Date | null;
  @Column({ name: 'sealed_at', type: 'timestamptz', nullable: true }) sealedAt: Date | null;
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true }) cancelledAt: Date | null;
  /** After this instant nothing can be signed; the expiry sweep then makes the request EXPIRED. */
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'expired_at', type: 'timestamptz', nullable: true }) expiredAt: Date | null;
  @Column({ name: 'declined_at', type: 'timestamptz', nullable: true }) declinedAt: Date | null;
  /** The signatory who declined. */
  @Column({ name: 'declined_by', type: 'uuid', nullable: true }) declinedBy: string | null;
  @Column({ name: 'decline_reason', type: 'text', nullable: true }) declineReason: string | null;

  @OneToMany(() => SignatoryEntity, (signatory) => signatory.request) signatories?: SignatoryEntity[];
}
