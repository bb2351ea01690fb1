import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import {
  type DocumentType,
  type PdfRepair,
  type RiskResult,
  type SignatureLayout,
  type TemplateFormData,
  type TemplateType,
} from '@esign/shared';
import { type PageSize } from '@esign/pdf-signing';

/** AWAITING_UPLOAD: an upload address was issued. READY: checked, normalised and stored under its hash. */
export type DocumentStatus = 'AWAITING_UPLOAD' | 'READY';

@Entity('document')
export class DocumentEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'owner_id', type: 'uuid' }) ownerId: string;
  @Column({ type: 'text' }) source: DocumentType;
  @Column({ name: 'template_type', type: 'text', nullable: true }) templateType: TemplateType | null;
  @Column({ name: 'form_data', type: 'jsonb', nullable: true }) formData: TemplateFormData | null;
  /** An AML form's computed risk, as printed on it. */
  @Column({ name: 'aml_risk', type: 'jsonb', nullable: true }) amlRisk: RiskResult | null;
  /** For display only: storage keys are server-made. */
  @Column({ name: 'file_name', type: 'text', nullable: true }) fileName: string | null;
  @Column({ type: 'text' }) status: DocumentStatus;
  /** Where the browser PUTs the file; cleared once the upload has been processed. */
  @Column({ name: 'upload_key', type: 'text', nullable: true }) uploadKey: string | null;
  /** The most the upload address may receive; counted in the owner's quota while the upload may hold bytes. */
  @Column({ name: 'upload_reserved_bytes', type: 'integer', nullable: true }) uploadReservedBytes:
    number | null;
  /** When the upload address stops working. */
  @Column({ name: 'upload_expires_at', type: 'timestamptz', nullable: true }) uploadExpiresAt: Date | null;
  /** When completion took the upload: it is read once, and a refused upload cannot be completed again. */
  @Column({ name: 'upload_consumed_at', type: 'timestamptz', nullable: true }) uploadConsumedAt: Date | null;
  /** The completion holding the upload (see UploadClaims); null when none does. */
  @Column({ name: 'upload_claim', type: 'uuid', nullable: true }) uploadClaim: string | null;
  /** When that completion's hold ends unless renewed: then another completion may take the upload over. */
  @Column({ name: 'upload_claim_expires_at', type: 'timestamptz', nullable: true })
  uploadClaimExpiresAt: Date | null;
  @Column({ type: 'text', nullable: true }) sha256: string | null;
  @Column({ name: 'storage_key', type: 'text', nullable: true }) storageKey: string | null;
  @Column({ name: 'size_bytes', type: 'integer', nullable: true }) sizeBytes: number | null;
  @Column({ name: 'page_count', type: 'integer', nullable: true }) pageCount: number | null;
  @Column({ type: 'jsonb', nullable: true }) pages: PageSize[] | null;
  /** What the normalisation removed (JavaScript, OpenAction, EmbeddedFiles, XFA...). */
  @Column({ type: 'jsonb' }) removed: string[];
  /** What the normalisation mended (a damaged file rebuilt, a password-free encryption removed). */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" }) repairs: PdfRepair[];
  /** A generated document's signature frames, agency box and seal area; null for an upload. */
  @Column({ name: 'signature_layout', type: 'jsonb', nullable: true })
  signatureLayout: SignatureLayout | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
