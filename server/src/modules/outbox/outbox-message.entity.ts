import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Every e-mail and SMS the product sends, kept as the record of what was sent, when, and by which provider. */
@Entity('outbox_message')
export class OutboxMessageEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) channel: 'email' | 'sms';
  @Column({ type: 'text' }) recipient: string;
  @Column({ type: 'text', nullable: true }) subject: string | null;
  @Column({ type: 'text' }) body: string;
  @Column({ type: 'text', nullable: true }) html: string | null;
  /** What `body` becomes once delivered by a real provider (codes and passwords are not kept). */
  @Column({ name: 'redacted_body', type: 'text', nullable: true }) redactedBody: string | null;
  @Column({ type: 'text' }) status: 'PENDING' | 'SENT' | 'FAILED';
  @Column({ name: 'provider_message_id', type: 'text', nullable: true }) providerMessageId: string | null;
  @Column({ type: 'int' }) attempts: number;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true }) sentAt: Date | null;
}
