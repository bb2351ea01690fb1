import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { type AdditionalInfo } from '@esign/shared';

/** A member company: the people of `app_user` whose `agency_id` it is work for it. */
@Entity('agency')
export class AgencyEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) name: string;
  /** The company data: its name, VAT and RCS numbers, address and billing e-mail. */
  @Column({ name: 'additional_info', type: 'jsonb' }) additionalInfo: AdditionalInfo;
  /** Where the agency's logo is stored, if it has one. */
  @Column({ name: 'logo_key', type: 'text', nullable: true }) logoKey: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
