import { DEFAULT_LOCALE, type Locale, frenchDe } from '@esign/shared';

interface Mail<V> {
  subject: (title: string) => string;
  body: (values: V) => string;
}

/**
 * The e-mails of a request that closes without being signed: declined by a signatory, or expired. Each
 * recipient gets it in their own language (the member's account language; a signatory's page language when
 * known, else the request's). Signatories other than the one who declined are not given the reason: it is
 * addressed to the sender.
 */
interface ClosureMessages {
  /** To the member: who declined, why, and where to see the request. */
  declinedToMember: Mail<{
    name: string;
    signatoryName: string;
    title: string;
    reason: string;
    declinedAt: string;
    link: string;
  }>;
  /** To the signatory who declined: a receipt. */
  declinedReceipt: Mail<{ signatoryName: string; senderName: string; title: string; reason: string }>;
  /** To the other signatories already invited. */
  declinedToSignatory: Mail<{ signatoryName: string; senderName: string; title: string }>;
  /** To the member: the request expired, with how many had signed. */
  expiredToMember: Mail<{
    name: string;
    title: string;
    expiredAt: string;
    signed: number;
    total: number;
    link: string;
  }>;
  /** To the signatories already invited. */
  expiredToSignatory: Mail<{ signatoryName: string; senderName: string; title: string; expiredAt: string }>;
}

const fr: ClosureMessages = {
  declinedToMember: {
    subject: (title) => `Signature refusée : ${title}`,
    body: ({ name, signatoryName, title, reason, declinedAt, link }) =>
      `Bonjour ${name},\n\n${signatoryName} a refusé de signer « ${title} » le ${declinedAt}.\n\nMotif indiqué :\n${reason}\n\nLa demande est close : plus personne ne peut la signer et les liens envoyés ne fonctionnent plus. Aucun document final n'est produit et rien n'est facturé au titre de la demande (seuls les SMS déjà envoyés le sont).\n\nLe détail de la demande :\n${link}\n\nLa Chambre immobilière`,
  },
  declinedReceipt: {
    subject: (title) => `Vous avez refusé de signer : ${title}`,
    body: ({ signatoryName, senderName, title, reason }) =>
      `Bonjour ${signatoryName},\n\nVous avez refusé de signer « ${title} ». ${senderName} en a été informé, avec le motif que vous avez indiqué :\n${reason}\n\nLa demande est close et le lien reçu ne permet plus de signer.\n\nCordialement,\nLa Chambre immobilière`,
  },
  declinedToSignatory: {
    subject: (title) => `Demande de signature close : ${title}`,
    body: ({ signatoryName, senderName, title }) =>
      `Bonjour ${signatoryName},\n\nUn des signataires a refusé de signer « ${title} ». La demande ${frenchDe(senderName)} est donc close : vous n'avez plus rien à signer, le lien reçu ne fonctionne plus et aucune signature déjà donnée sur cette demande ne sera utilisée. ${senderName} reviendra vers vous si nécessaire.\n\nCordialement,\nLa Chambre immobilière`,
  },
  expiredToMember: {
    subject: (title) => `Demande de signature expirée : ${title}`,
    body: ({ name, title, expiredAt, signed, total, link }) =>
      `Bonjour ${name},\n\nLa demande de signature « ${title} » a expiré le ${expiredAt} : ${signed} signataire(s) sur ${total} avait(ent) signé. Plus personne ne peut la signer et les liens envoyés ne fonctionnent plus. Aucun document final n'est produit et rien n'est facturé au titre de la demande (seuls les SMS déjà envoyés le sont).\n\nPour recueillir les signatures, créez une nouvelle demande. Le détail de celle-ci :\n${link}\n\nLa Chambre immobilière`,
  },
  expiredToSignatory: {
    subject: (title) => `Demande de signature expirée : ${title}`,
    body: ({ signatoryName, senderName, title, expiredAt }) =>
      `Bonjour ${signatoryName},\n\nLa demande de signature ${frenchDe(senderName)} pour « ${title} » a expiré le ${expiredAt}. Vous n'avez plus rien à signer et le lien reçu ne fonctionne plus. ${senderName} vous enverra une nouvelle demande si nécessaire.\n\nCordialement,\nLa Chambre immobilière`,
  },
};

const en: ClosureMessages = {
  declinedToMember: {
    subject: (title) => `Signature declined: ${title}`,
    body: ({ name, signatoryName, title, reason, declinedAt, link }) =>
      `Hello ${name},\n\n${signatoryName} declined to sign "${title}" on ${declinedAt}.\n\nReason given:\n${reason}\n\nThe request is closed: nobody can sign it any more and the links sent no longer work. No final document is produced and nothing is charged for the request (only the text messages already sent are).\n\nThe request's details:\n${link}\n\nThe real-estate chamber`,
  },
  declinedReceipt: {
    subject: (title) => `You declined to sign: ${title}`,
    body: ({ signatoryName, senderName, title, reason }) =>
      `Hello ${signatoryName},\n\nYou declined to sign "${title}". ${senderName} has been told, with the reason you gave:\n${reason}\n\nThe request is closed and the link you received can no longer be used to sign.\n\nKind regards,\nThe real-estate chamber`,
  },
  declinedToSignatory: {
    subject: (title) => `Signature request closed: ${title}`,
    body: ({ signatoryName, senderName, title }) =>
      `Hello ${signatoryName},\n\nOne of the signatories declined to sign "${title}". The request from ${senderName} is therefore closed: there is nothing left for you to sign, the link you received no longer works and no signature already given on this request will be used. ${senderName} will come back to you if needed.\n\nKind regards,\nThe real-estate chamber`,
  },
  expiredToMember: {
    subject: (title) => `Signature request expired: ${title}`,
    body: ({ name, title, expiredAt, signed, total, link }) =>
      `Hello ${name},\n\nThe signature request "${title}" expired on ${expiredAt}: ${signed} of ${total} signatories had signed. Nobody can sign it any more and the links sent no longer work. No final document is produced and nothing is charged for the request (only the text messages already sent are).\n\nTo collect the signatures, create a new request. This request's details:\n${link}\n\nThe real-estate chamber`,
  },
  expiredToSignatory: {
    subject: (title) => `Signature request expired: ${title}`,
    body: ({ signatoryName, senderName, title, expiredAt }) =>
      `Hello ${signatoryName},\n\nThe signature request from ${senderName} for "${title}" expired on ${expiredAt}. There is nothing left for you to sign and the link you received no longer works. ${senderName} will send you a new request if needed.\n\nKind regards,\nThe real-estate chamber`,
  },
};

const de: ClosureMessages = {
  declinedToMember: {
    subject: (title) => `Unterschrift abgelehnt: ${title}`,
    body: ({ name, signatoryName, title, reason, declinedAt, link }) =>
      `Guten Tag ${name},\n\n${signatoryName} hat am ${declinedAt} abgelehnt, „${title}“ zu unterschreiben.\n\nAngegebener Grund:\n${reason}\n\nDie Anfrage ist geschlossen: Niemand kann sie mehr unterschreiben, und die versandten Links funktionieren nicht mehr. Es wird kein endgültiges Dokument erstellt und für die Anfrage nichts berechnet (nur die bereits gesendeten SMS).\n\nDie Einzelheiten der Anfrage:\n${link}\n\nDie Immobilienkammer`,
  },
  declinedReceipt: {
    subject: (title) => `Sie haben die Unterschrift abgelehnt: ${title}`,
    body: ({ signatoryName, senderName, title, reason }) =>
      `Guten Tag ${signatoryName},\n\nSie haben abgelehnt, „${title}“ zu unterschreiben. ${senderName} wurde darüber informiert, mit dem von Ihnen angegebenen Grund:\n${reason}\n\nDie Anfrage ist geschlossen, und mit dem erhaltenen Link kann nicht mehr unterschrieben werden.\n\nMit freundlichen Grüßen\nDie Immobilienkammer`,
  },
  declinedToSignatory: {
    subject: (title) => `Signaturanfrage geschlossen: ${title}`,
    body: ({ signatoryName, senderName, title }) =>
      `Guten Tag ${signatoryName},\n\nEiner der Unterzeichner hat abgelehnt, „${title}“ zu unterschreiben. Die Anfrage von ${senderName} ist daher geschlossen: Sie müssen nichts mehr unterschreiben, der erhaltene Link funktioniert nicht mehr, und keine bereits geleistete Unterschrift dieser Anfrage wird verwendet. ${senderName} meldet sich bei Bedarf bei Ihnen.\n\nMit freundlichen Grüßen\nDie Immobilienkammer`,
  },
  expiredToMember: {
    subject: (title) => `Signaturanfrage abgelaufen: ${title}`,
    body: ({ name, title, expiredAt, signed, total, link }) =>
      `Guten Tag ${name},\n\ndie Signaturanfrage „${title}“ ist am ${expiredAt} abgelaufen: ${signed} von ${total} Unterzeichnern hatten unterschrieben. Niemand kann sie mehr unterschreiben, und die versandten Links funktionieren nicht mehr. Es wird kein endgültiges Dokument erstellt und für die Anfrage nichts berechnet (nur die bereits gesendeten SMS).\n\nUm die Unterschriften einzuholen, erstellen Sie eine neue Anfrage. Die Einzelheiten dieser Anfrage:\n${link}\n\nDie Immobilienkammer`,
  },
  expiredToSignatory: {
    subject: (title) => `Signaturanfrage abgelaufen: ${title}`,
    body: ({ signatoryName, senderName, title, expiredAt }) =>
      `Guten Tag ${signatoryName},\n\ndie Signaturanfrage von ${senderName} für „${title}“ ist am ${expiredAt} abgelaufen. Sie müssen nichts mehr unterschreiben, und der erhaltene Link funktioniert nicht mehr. ${senderName} sendet Ihnen bei Bedarf eine neue Anfrage.\n\nMit freundlichen Grüßen\nDie Immobilienkammer`,
  },
};

const lu: ClosureMessages = {
  declinedToMember: {
    subject: (title) => `Ënnerschrëft refuséiert: ${title}`,
    body: ({ name, signatoryName, title, reason, declinedAt, link }) =>
      `Moien ${name},\n\n${signatoryName} huet den ${declinedAt} refuséiert, „${title}“ z'ënnerschreiwen.\n\nUginne Grond:\n${reason}\n\nD'Ufro ass zou: Keen kann se méi ënnerschreiwen, an d'Linken, déi verschéckt goufen, funktionéieren net méi. Et gëtt keen definitiivt Dokument, a fir d'Ufro gëtt näischt verrechent (just d'SMSen, déi scho geschéckt goufen).\n\nD'Detailer vun der Ufro:\n${link}\n\nD'Immobiliechamber`,
  },
  declinedReceipt: {
    subject: (title) => `Dir hutt refuséiert z'ënnerschreiwen: ${title}`,
    body: ({ signatoryName, senderName, title, reason }) =>
      `Moien ${signatoryName},\n\nDir hutt refuséiert, „${title}“ z'ënnerschreiwen. ${senderName} gouf informéiert, mam Grond, deen Dir uginn hutt:\n${reason}\n\nD'Ufro ass zou, a mam Link, deen Dir kritt hutt, kann een net méi ënnerschreiwen.\n\nMat beschte Gréiss\nD'Immobiliechamber`,
  },
  declinedToSignatory: {
    subject: (title) => `Ufro fir Ënnerschrëft zou: ${title}`,
    body: ({ signatoryName, senderName, title }) =>
      `Moien ${signatoryName},\n\nEen vun den Ënnerschreiwer huet refuséiert, „${title}“ z'ënnerschreiwen. D'Ufro vu(n) ${senderName} ass dofir zou: Dir musst näischt méi ënnerschreiwen, de Link, deen Dir kritt hutt, funktionéiert net méi, a keng Ënnerschrëft, déi op dëser Ufro scho ginn ass, gëtt benotzt. ${senderName} mellt sech bei Iech, wann et néideg ass.\n\nMat beschte Gréiss\nD'Immobiliechamber`,
  },
  expiredToMember: {
    subject: (title) => `Ufro fir Ënnerschrëft ofgelaf: ${title}`,
    body: ({ name, title, expiredAt, signed, total, link }) =>
      `Moien ${name},\n\nD'Ufro fir Ënnerschrëft „${title}“ ass den ${expiredAt} ofgelaf: ${signed} vun ${total} Ënnerschreiwer haten ënnerschriwwen. Keen kann se méi ënnerschreiwen, an d'Linken, déi verschéckt goufen, funktionéieren net méi. Et gëtt keen definitiivt Dokument, a fir d'Ufro gëtt näischt verrechent (just d'SMSen, déi scho geschéckt goufen).\n\nFir d'Ënnerschrëften ze sammelen, maacht eng nei Ufro. D'Detailer vun dëser Ufro:\n${link}\n\nD'Immobiliechamber`,
  },
  expiredToSignatory: {
    subject: (title) => `Ufro fir Ënnerschrëft ofgelaf: ${title}`,
    body: ({ signatoryName, senderName, title, expiredAt }) =>
      `Moien ${signatoryName},\n\nD'Ufro fir Ënnerschrëft vu(n) ${senderName} fir „${title}“ ass den ${expiredAt} ofgelaf. Dir musst näischt méi ënnerschreiwen, an de Link, deen Dir kritt hutt, funktionéiert net méi. ${senderName} schéckt Iech eng nei Ufro, wann et néideg ass.\n\nMat beschte Gréiss\nD'Immobiliechamber`,
  },
};

const MESSAGES: Record<Locale, ClosureMessages> = { fr, en, de, lu };

export function closureMessages(locale: Locale | undefined): ClosureMessages {
  return MESSAGES[locale ?? DEFAULT_LOCALE];
}
