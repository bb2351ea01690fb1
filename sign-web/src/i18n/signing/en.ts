import { type SigningMessages } from './fr';

export const signingEn: SigningMessages = {
  sign: 'Sign',
  signHint: 'Read the whole document before signing.',
  signHintLoading: 'The “Sign” button becomes available as soon as the document is displayed.',
  cannotSign:
    'The document could not be displayed: you cannot sign it until it is. Try again or download it to read it; you can also decline to sign.',
  decline: {
    open: 'Decline to sign',
    title: 'Decline to sign',
    intro:
      'Say why you decline to sign “{title}”. Your reason will be sent to {sender}. The request will be closed for every signatory and can no longer be signed.',
    reason: 'Reason for declining',
    reasonHint: '3 to 500 characters.',
    count: '{count} of 500 characters',
    tooShort: 'Enter at least 3 characters.',
    back: 'Back',
    confirm: 'Decline to sign',
    sending: 'Sending…',
    done: 'Your refusal has been sent to the sender.',
    failed: 'Your refusal could not be recorded. Try again.',
  },
  notYourTurn: {
    title: 'It is not your turn yet',
    body: 'This document is signed in a set order. You will be invited by e-mail when it is your turn to sign.',
  },
  dialog: {
    title: 'Sign the document',
    close: 'Close',
    progress: 'Step {current} of {total}: {name}',
    stepInfo: 'identity and consents',
    stepOtp: 'confirmation code',
    stepSigned: 'document signed',
  },
  info: {
    intro:
      'Check your mobile number, say where you are signing and accept the terms below. A confirmation code will then be sent to you by SMS.',
    mobile: 'Mobile',
    mobileHint:
      'The code will be sent to this number. If it is not yours, do not sign and contact the sender.',
    location: 'Place of signing',
    locationHint: 'For example: Luxembourg',
    locationTooShort: 'Enter at least 3 characters.',
    consents: 'Consents',
    required: 'required',
    sendCode: 'Send code',
    sending: 'Sending the code…',
  },
  consents: {
    termsAndPrivacy: 'I accept the platform’s terms of use and privacy policy.',
    readTerms: 'Read the terms of use and privacy policy (new tab)',
    phoneNumberOwnership: 'I confirm that the mobile number {mobile} is mine and that I alone use it.',
    documentConsent:
      'I have read the whole document “{title}”, including its annexes, I agree to its content and I consent to sign it electronically.',
    legalParagraph:
      'I understand that by signing I apply an electronic signature within the meaning of Article 3(10) of Regulation (EU) No 910/2014 (eIDAS), as amended by Regulation (EU) 2024/1183, which cannot be denied legal effect or admissibility as evidence in legal proceedings solely because it is in electronic form (Article 25(1)). Under the Luxembourg law of 14 August 2000 on electronic commerce and Article 1322-1 of the Civil Code, my signature identifies me and shows my agreement to the content of the document; the signed document is sealed so that any later change can be detected.',
    qualifiedNote:
      'A qualified electronic signature has the same legal effect as a handwritten signature (Art. 25(2) eIDAS). You make it with your own qualified certificate, at your trust-service provider.',
    advancedNote:
      'This is an advanced electronic signature (Article 26 of the eIDAS Regulation): a certificate in your name is issued for this document only.',
  },
  otp: {
    intro: 'An 8-character code has been sent by SMS to {mobile}. Enter it to sign.',
    newCodeSent: 'A new code has been sent to {mobile}. Only the latest code received is valid.',
    code: 'Code received by SMS',
    codeHint: '8 letters and digits, no spaces',
    invalidCode: 'Incorrect code provided. Please try again.',
    attemptLeft: 'You have 1 more try with this code.',
    attemptsLeft: 'You have {count} more tries with this code.',
    usedUpCode:
      'The code is incorrect. After 5 wrong tries this code can no longer be used: ask for a new code.',
    expiredCode: 'This code has expired or was replaced by a newer one. Ask for a new code.',
    resend: 'Resend code',
    resendWait: 'You can ask for a new code in {time}.',
    validate: 'Validate',
    validating: 'Validating…',
    validateQualified: 'Sign with my qualified certificate',
    redirecting: 'Opening your provider’s page…',
    qualifiedIntro:
      'After the code, you will be taken to your qualified trust-service provider to sign with your certificate, then brought back here.',
    back: 'Edit my details',
    locked: 'Too many wrong codes: signing is blocked. Ask the sender to send you a new invitation.',
  },
  qualifiedReturn: {
    signed: 'Your qualified signature has been applied to the document.',
    cancelled:
      'You cancelled at your provider: nothing was signed. You can start again by requesting a new code.',
    unavailable:
      'Your provider is not answering right now: nothing was signed. Try again in a few minutes with a new code.',
    refused: 'Your provider refused the request: nothing was signed. You can start again with a new code.',
    not_qualified: 'No usable qualified certificate was found at your provider: nothing was signed.',
    invalid_signature:
      'The signature your provider returned does not match the document: it was not embedded. You can start again with a new code.',
    document_changed:
      'The document received another signature meanwhile: nothing was signed. Reload the page, then start again with a new code.',
    expired: 'The time to sign at your provider has passed: nothing was signed. Start again with a new code.',
    invalid_state:
      'This return matches no signature in progress (another tab, or a page already used): nothing was signed.',
    reopenLink: 'To continue, open the link you received by e-mail again.',
    title: 'Back from your provider',
  },
  signed: {
    title: 'Document signed',
    message: 'Your signature has been recorded. Thank you!',
    close: 'Close',
  },
  result: {
    title: 'You have signed this document',
    pending: 'The final document will be sent to you by e-mail once everyone has signed.',
    preparing: 'The final signed document is being prepared…',
    ready: 'The final signed document is available.',
    download: 'Download the signed document',
    downloading: 'Downloading…',
  },
  toasts: {
    signatureValidated: 'Signature validated',
  },
  errors: {
    network: 'The server is not answering. Check your connection and try again.',
    fetchSignature: 'Failed to fetch the signature',
    sendCode: 'Failed to send the code',
    validateSign: 'Failed to validate the signature',
    downloadFile: 'Failed to download the file',
    codeAlreadySent: 'A code was sent to you a moment ago. Use it, or wait to ask for a new one.',
    dailyLimit: 'Too many codes have been sent today. Try again later.',
    codeExpired: 'The code has expired or was replaced.',
    locked: 'Too many wrong codes: signing is blocked.',
    notYourTurn: 'It is not your turn to sign yet.',
    alreadySigned: 'You have already signed this document.',
    nothingToSign: 'This signature request is no longer available.',
    validation: 'The details you sent were refused. Check them and try again.',
    documentChanged:
      'The document changed since you opened it (another signatory signed): it has been reloaded. Read it again before signing.',
    requestDeclined: 'A signatory declined to sign: the request is closed.',
    requestExpired: 'The deadline for signing has passed.',
  },
};
