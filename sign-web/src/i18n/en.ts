import { type Messages } from './fr';

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
  },
};
