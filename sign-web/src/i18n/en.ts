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
    body: 'There is nothing to sign at this address: the link is invalid, the request was cancelled or the signing is already finished.',
    hint: 'If you think this is a mistake, contact the person who sent you the link.',
  },
  failure: {
    title: 'System error',
    body: 'Something went wrong! Please try again later.',
    retry: 'Try again',
  },
  request: {
    heading: 'Document to sign',
    title: 'Request',
    document: 'Document',
    sender: 'Sent by',
  },
  toasts: {
    close: 'Close the notification',
  },
  viewer: viewerEn,
  signing: signingEn,
  verify: verifyEn,
  terms: termsEn,
};
