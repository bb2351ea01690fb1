import { type SignatoryView, type SignatureRequestView } from '@esign/shared';
import { type SignatoryEntity } from './signatory.entity';
import { type SignatureRequestEntity } from './signature-request.entity';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function toSignatoryView(signatory: SignatoryEntity): SignatoryView {
  return {
    signatoryId: signatory.id,
    name: signatory.name,
    email: signatory.email,
    mobile: signatory.mobile,
    order: signatory.order,
    placement: { page: signatory.placementPage, position: signatory.placementPosition },
    party: signatory.party,
    role: signatory.role,
    status: signatory.status,
    invitedAt: iso(signatory.invitedAt),
    signedAt: iso(signatory.signedAt),
    location: signatory.location,
    lastRemindedAt: iso(signatory.lastRemindedAt),
    declinedAt: iso(signatory.declinedAt),
  };
}

export function toSignatureView(
  request: SignatureRequestEntity,
  signatories: SignatoryEntity[],
  extra: { ownerName: string; pageCount: number },
): SignatureRequestView {
  const nextReminder = request.nextReminderAt && request.nextReminderAt.getTime() > Date.now();
  const decliner = signatories.find((signatory) => signatory.id === request.declinedBy);
  return {
    id: request.id,
    status: request.status,
    signatureTitle: request.title,
    documentName: request.documentName,
    documentType: request.documentType,
    documentId: request.documentId,
    templateType: request.templateType,
    signingMode: request.signingMode,
    signingFlow: request.signingFlow,
    signatureSize: request.signatureSize,
    sealPage: request.sealPage,
    sealSize: request.sealSize,
    language: request.language,
    pageCount: extra.pageCount,
    signatories: [...signatories].sort((a, b) => a.order - b.order).map(toSignatoryView),
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    sentAt: iso(request.sentAt),
    completedAt: iso(request.completedAt),
    sealedAt: iso(request.sealedAt),
    cancelledAt: iso(request.cancelledAt),
    expiresAt: request.expiresAt.toISOString(),
    expiredAt: iso(request.expiredAt),
    decline:
      request.status === 'DECLINED' && request.declinedAt
        ? {
            signatoryId: request.declinedBy ?? '',
            signatoryName: decliner?.name ?? '',
            reason: request.declineReason ?? '',
            declinedAt: request.declinedAt.toISOString(),
          }
        : null,
    nextReminderAvailability: nextReminder ? iso(request.nextReminderAt) : null,
    ownerName: extra.ownerName,
    amlRisk: request.amlRisk,
  };
}
