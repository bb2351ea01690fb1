import { DEFAULT_LOCALE, type Locale } from '@esign/shared';

interface InvitationValues {
  signatoryName: string;
  senderName: string;
  title: string;
  link: string;
  /** When the request expires, formatted in the message's language (Luxembourg time). */
  deadline: string;
}

/** The e-mails a signatory receives about a request, in the request's language. Plain text only. */
interface SignatureMessages {
  invitation: { subject: (title: string) => string; body: (values: InvitationValues) => string };
  /** A new link after the member changed the request: the one received before no longer works. */
  reinvitation: { subject: (title: string) => string; body: (values: InvitationValues) => string };
  reminder: { subject: (title: string) => string; body: (values: InvitationValues) => string };
  cancelled: {
    subject: (title: string) => string;
    body: (values: Omit<InvitationValues, 'link' | 'deadline'>) => string;
  };
}

const fr: SignatureMessages = {
  invitation: {
    subject: (title) => `Signature demandée : ${title}`,
    body: ({ signatoryName, senderName, title, link, deadline }) =>
      `Bonjour ${signatoryName},\n\n${senderName} vous invite à signer électroniquement le document « ${title} ».\n\nOuvrez ce lien pour lire le document et le signer :\n${link}\n\nVous pouvez le signer jusqu'au ${deadline} ; le lien ne fonctionnera plus ensuite.\n\nUn code à usage unique vous sera envoyé par SMS pour confirmer votre identité. Ce lien vous est personnel : ne le transférez à personne.\n\nCordialement,\nLa Chambre immobilière`,
  },
  reinvitation: {
    subject: (title) => `Demande de signature modifiée : ${title}`,
    body: ({ signatoryName, senderName, title, link, deadline }) =>
      `Bonjour ${signatoryName},\n\n${senderName} a modifié la demande de signature du document « ${title} ». Le lien que vous avez reçu auparavant ne fonctionne plus : utilisez celui-ci pour lire le document tel qu'il est maintenant et le signer :\n${link}\n\nVous pouvez le signer jusqu'au ${deadline} ; le lien ne fonctionnera plus ensuite.\n\nUn code à usage unique vous sera envoyé par SMS pour confirmer votre identité. Ce lien vous est personnel : ne le transférez à personne.\n\nCordialement,\nLa Chambre immobilière`,
  },
  reminder: {
    subject: (title) => `Rappel : signature demandée pour « ${title} »`,
    body: ({ signatoryName, senderName, title, link, deadline }) =>
      `Bonjour ${signatoryName},\n\n${senderName} attend toujours votre signature sur le document « ${title} ».\n\nPour le lire et le signer :\n${link}\n\nDate limite : vous pouvez signer jusqu'au ${deadline}. Passé ce délai, la demande expire et le lien ne fonctionne plus.\n\nCe lien vous est personnel : ne le transférez à personne.\n\nCordialement,\nLa Chambre immobilière`,
  },
  cancelled: {
    subject: (title) => `Demande de signature annulée : ${title}`,
    body: ({ signatoryName, senderName, title }) =>
      `Bonjour ${signatoryName},\n\n${senderName} a annulé la demande de signature du document « ${title} ». Vous n'avez plus rien à signer et le lien reçu ne fonctionne plus.\n\nCordialement,\nLa Chambre immobilière`,
  },
};

const en: SignatureMessages = {
  invitation: {
    subject: (title) => `Signature requested: ${title}`,
    body: ({ signatoryName, senderName, title, link, deadline }) =>
      `Hello ${signatoryName},\n\n${senderName} invites you to sign the document "${title}" electronically.\n\nOpen this link to read and sign the document:\n${link}\n\nYou can sign it until ${deadline}; after that the link no longer works.\n\nA one-time code will be sent to you by SMS to confirm your identity. This link is personal: do not forward it to anyone.\n\nKind regards,\nThe real-estate chamber`,
  },
  reinvitation: {
    subject: (title) => `Signature request changed: ${title}`,
    body: ({ signatoryName, senderName, title, link, deadline }) =>
      `Hello ${signatoryName},\n\n${senderName} has changed the signature request for the document "${title}". The link you received before no longer works: use this one to read the document as it now stands and sign it:\n${link}\n\nYou can sign it until ${deadline}; after that the link no longer works.\n\nA one-time code will be sent to you by SMS to confirm your identity. This link is personal: do not forward it to anyone.\n\nKind regards,\nThe real-estate chamber`,
  },
  reminder: {
    subject: (title) => `Reminder: your signature is requested on "${title}"`,
    body: ({ signatoryName, senderName, title, link, deadline }) =>
      `Hello ${signatoryName},\n\n${senderName} is still waiting for your signature on the document "${title}".\n\nTo read and sign it:\n${link}\n\nDeadline: you can sign until ${deadline}. After that the request expires and the link no longer works.\n\nThis link is personal: do not forward it to anyone.\n\nKind regards,\nThe real-estate chamber`,
  },
  cancelled: {
    subject: (title) => `Signature request cancelled: ${title}`,
    body: ({ signatoryName, senderName, title }) =>
      `Hello ${signatoryName},\n\n${senderName} has cancelled the signature request for the document "${title}". There is nothing left for you to sign and the link you received no longer works.\n\nKind regards,\nThe real-estate chamber`,
  },
};

const de: SignatureMessages = {
  invitation: {
    subject: (title) => `Unterschrift angefordert: ${title}`,
    body: ({ signatoryName, senderName, title, link, deadline }) =>
      `Guten Tag ${signatoryName},\n\n${senderName} bittet Sie, das Dokument „${title}“ elektronisch zu unterschreiben.\n\nÖffnen Sie diesen Link, um das Dokument zu lesen und zu unterschreiben:\n${link}\n\nSie können es bis zum ${deadline} unterschreiben; danach funktioniert der Link nicht mehr.\n\nZur Bestätigung Ihrer Identität erhalten Sie einen Einmalcode per SMS. Dieser Link ist persönlich: Leiten Sie ihn an niemanden weiter.\n\nMit freundlichen Grüßen\nDie Immobilienkammer`,
  },
  reinvitation: {
    subject: (title) => `Signaturanfrage geändert: ${title}`,
    body: ({ signatoryName, senderName, title, link, deadline }) =>
      `Guten Tag ${signatoryName},\n\n${senderName} hat die Signaturanfrage für das Dokument „${title}“ geändert. Der Link, den Sie zuvor erhalten haben, funktioniert nicht mehr: Verwenden Sie diesen, um das Dokument in seiner jetzigen Fassung zu lesen und zu unterschreiben:\n${link}\n\nSie können es bis zum ${deadline} unterschreiben; danach funktioniert der Link nicht mehr.\n\nZur Bestätigung Ihrer Identität erhalten Sie einen Einmalcode per SMS. Dieser Link ist persönlich: Leiten Sie ihn an niemanden weiter.\n\nMit freundlichen Grüßen\nDie Immobilienkammer`,
  },
  reminder: {
    subject: (title) => `Erinnerung: Ihre Unterschrift für „${title}“`,
    body: ({ signatoryName, senderName, title, link, deadline }) =>
      `Guten Tag ${signatoryName},\n\n${senderName} wartet noch auf Ihre Unterschrift für das Dokument „${title}“.\n\nZum Lesen und Unterschreiben:\n${link}\n\nFrist: Sie können bis zum ${deadline} unterschreiben. Danach läuft die Anfrage ab und der Link funktioniert nicht mehr.\n\nDieser Link ist persönlich: Leiten Sie ihn an niemanden weiter.\n\nMit freundlichen Grüßen\nDie Immobilienkammer`,
  },
  cancelled: {
    subject: (title) => `Signaturanfrage storniert: ${title}`,
    body: ({ signatoryName, senderName, title }) =>
      `Guten Tag ${signatoryName},\n\n${senderName} hat die Signaturanfrage für das Dokument „${title}“ storniert. Sie müssen nichts mehr unterschreiben, und der erhaltene Link funktioniert nicht mehr.\n\nMit freundlichen Grüßen\nDie Immobilienkammer`,
  },
};

const lu: SignatureMessages = {
  invitation: {
    subject: (title) => `Ënnerschrëft gefrot: ${title}`,
    body: ({ signatoryName, senderName, title, link, deadline }) =>
      `Moien ${signatoryName},\n\n${senderName} freet Iech, d'Dokument „${title}“ elektronesch z'ënnerschreiwen.\n\nMaacht dëse Link op, fir d'Dokument ze liesen an z'ënnerschreiwen:\n${link}\n\nDir kënnt et bis den ${deadline} ënnerschreiwen; duerno funktionéiert de Link net méi.\n\nFir Är Identitéit ze bestätegen, kritt Dir en Eemolcode per SMS. Dëse Link ass perséinlech: Gitt en kengem weider.\n\nMat beschte Gréiss\nD'Immobiliechamber`,
  },
  reinvitation: {
    subject: (title) => `Ufro fir Ënnerschrëft geännert: ${title}`,
    body: ({ signatoryName, senderName, title, link, deadline }) =>
      `Moien ${signatoryName},\n\n${senderName} huet d'Ufro fir d'Ënnerschrëft vum Dokument „${title}“ geännert. De Link, deen Dir virdru kritt hutt, funktionéiert net méi: benotzt dësen, fir d'Dokument esou ze liesen, wéi et elo ass, an et z'ënnerschreiwen:\n${link}\n\nDir kënnt et bis den ${deadline} ënnerschreiwen; duerno funktionéiert de Link net méi.\n\nFir Är Identitéit ze bestätegen, kritt Dir en Eemolcode per SMS. Dëse Link ass perséinlech: Gitt en kengem weider.\n\nMat beschte Gréiss\nD'Immobiliechamber`,
  },
  reminder: {
    subject: (title) => `Erënnerung: Är Ënnerschrëft fir „${title}“`,
    body: ({ signatoryName, senderName, title, link, deadline }) =>
      `Moien ${signatoryName},\n\n${senderName} waart nach ëmmer op Är Ënnerschrëft fir d'Dokument „${title}“.\n\nFir et ze liesen an z'ënnerschreiwen:\n${link}\n\nFrist: Dir kënnt bis den ${deadline} ënnerschreiwen. Duerno leeft d'Ufro of an de Link funktionéiert net méi.\n\nDëse Link ass perséinlech: Gitt en kengem weider.\n\nMat beschte Gréiss\nD'Immobiliechamber`,
  },
  cancelled: {
    subject: (title) => `Ufro fir Ënnerschrëft annuléiert: ${title}`,
    body: ({ signatoryName, senderName, title }) =>
      `Moien ${signatoryName},\n\n${senderName} huet d'Ufro fir d'Ënnerschrëft vum Dokument „${title}“ annuléiert. Dir musst näischt méi ënnerschreiwen, an de Link, deen Dir kritt hutt, funktionéiert net méi.\n\nMat beschte Gréiss\nD'Immobiliechamber`,
  },
};

const MESSAGES: Record<Locale, SignatureMessages> = { fr, en, de, lu };

export function signatureMessages(locale: Locale | undefined): SignatureMessages {
  return MESSAGES[locale ?? DEFAULT_LOCALE];
}
