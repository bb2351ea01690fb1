import { type Messages } from './fr';
import { signingEn } from './signing/en';
import { termsEn } from './terms/en';
import { verifyEn } from './verify/en';
import { viewerEn } from './viewer/en';

export const en: Messages = {
  app: {
    name: 'CIGDL e-Signature',
    title: 'Document signing',
    language: 'Language',
  },
  loading: {
    message: 'Loading the document…',
  },
  nothingToSign: {
    title: 'Nothing to sign',
    body: 'There is nothing to sign at this address: the link is invalid or was replaced by a newer one, the request was cancelled or the signing is already finished.',
    hint: 'If you received a more recent message about this document, use the link it contains. Otherwise, contact the person who sent you the link.',
  },
  failure: {
    title: 'System error',
    body: 'Something went wrong! Please try again later.',
    retry: 'Try again',
  },
  declined: {
    title: 'Request declined',
    body: 'A signatory declined to sign this document on {date}: the request is closed and can no longer be signed.',
    bodyUndated:
      'A signatory declined to sign this document: the request is closed and can no longer be signed.',
    hint: 'The sender has been told. Contact them if you have any questions.',
  },
  youDeclined: {
    title: 'Signature declined',
    body: 'You declined to sign this document. The request is closed and can no longer be signed.',
    hint: 'The sender has received your reason. Contact them if you have any questions.',
  },
  expired: {
    title: 'Request expired',
    body: 'The deadline for signing this document was {date}: the request can no longer be signed.',
    bodyUndated: 'The deadline for signing this document has passed: the request can no longer be signed.',
    hint: 'If you still need to sign it, ask the sender to send you a new request.',
  },
  request: {
    heading: 'Document to sign',
    title: 'Request',
    document: 'Document',
    sender: 'Sent by',
    expiresAt: 'To be signed before',
  },
  toasts: {
    close: 'Close the notification',
  },
  viewer: viewerEn,
  signing: signingEn,
  verify: verifyEn,
  terms: termsEn,
};
