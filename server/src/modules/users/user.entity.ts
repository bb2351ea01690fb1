import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { type AdditionalInfo, type AgencyRole, type Locale } from '@esign/shared';

@Entity('app_user')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  /** The identity provider's `sub` for this person. */
  @Column({ name: 'cognito_sub', type: 'text', nullable: true, unique: true }) cognitoSub: string | null;
  @Column({ type: 'text' }) email: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text', nullable: true }) mobile: string | null;
  @Column({ type: 'text' }) language: Locale;
  @Column({ type: 'text' }) role: 'ADMIN' | 'GROUP_MEMBER' | 'MEMBER';
  @Column({ name: 'logo_key', type: 'text', nullable: true }) logoKey: string | null;
  @Column({ name: 'is_disabled', type: 'boolean' }) isDisabled: boolean;
  @Column({ name: 'gdpr_approved_at', type: 'timestamptz', nullable: true }) gdprApprovedAt: Date | null;
  @Column({ name: 'additional_info', type: 'jsonb' }) additionalInfo: AdditionalInfo;
  /** The agency a member belongs to; null for administrators and group members. */
  @Column({ name: 'agency_id', type: 'uuid', nullable: true }) agencyId: string | null;
  /** The member's role in their agency; null for administrators and group members. */
  @Column({ name: 'agency_role', type: 'text', nullable: true }) agencyRole: AgencyRole | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
