import { type SigningMessages } from './fr';

export const signingLu: SigningMessages = {
  sign: 'Ënnerschreiwen',
  signHint: "Liest d'Dokument w.e.g. bis zum Schluss, ier Dir ënnerschreift.",
  signHintLoading: "De Knäppchen „Ënnerschreiwen“ gëtt aktiv, soubal d'Dokument ugewise gëtt.",
  cannotSign:
    "D'Dokument konnt net ugewise ginn: Dir kënnt et eréischt ënnerschreiwen, wann et ugewise gëtt. Probéiert nach eng Kéier oder lued et erof fir et ze liesen; Dir kënnt och refuséieren z'ënnerschreiwen.",
  decline: {
    open: "Refuséieren z'ënnerschreiwen",
    title: "Refuséieren z'ënnerschreiwen",
    intro:
      "Sot, firwat Dir „{title}“ net ënnerschreift. Äre Grond gëtt un {sender} weidergeleet. D'Ufro gëtt fir all d'Ënnerschreiwer zougemaach a kann net méi ënnerschriwwe ginn.",
    reason: 'Grond fir de Refus',
    reasonHint: '3 bis 500 Zeechen.',
    count: '{count} vu 500 Zeechen',
    tooShort: 'Gitt mindestens 3 Zeechen an.',
    back: 'Zréck',
    confirm: "Refuséieren z'ënnerschreiwen",
    sending: 'Gëtt geschéckt…',
    done: 'Äre Refus gouf dem Ofsender weidergeleet.',
    failed: 'Äre Refus konnt net gespäichert ginn. Probéiert nach eng Kéier.',
  },
  notYourTurn: {
    title: 'Dir sidd nach net drun',
    body: 'Dëst Dokument gëtt an enger fixer Reiefolleg ënnerschriwwen. Dir kritt eng Invitatioun per E-Mail, soubal Dir drun sidd.',
  },
  dialog: {
    title: "D'Dokument ënnerschreiwen",
    close: 'Zoumaachen',
    progress: 'Schrëtt {current} vun {total}: {name}',
    stepInfo: 'Identitéit an Averständnis',
    stepOtp: 'Bestätegungscode',
    stepSigned: 'Dokument ënnerschriwwen',
  },
  info: {
    intro:
      'Kontrolléiert Är Handysnummer, gitt un, wou Dir ënnerschreift, an akzeptéiert d’Konditiounen hei ënnendrënner. Duerno kritt Dir e Bestätegungscode per SMS.',
    mobile: 'Handysnummer',
    mobileHint:
      'De Code gëtt op dës Nummer geschéckt. Wann et net Är ass, ënnerschreift net a kontaktéiert den Expediteur.',
    location: 'Uert vun der Ënnerschrëft',
    locationHint: 'Zum Beispill: Lëtzebuerg',
    locationTooShort: 'Gitt w.e.g. mindestens 3 Zeechen an.',
    consents: 'Averständnis',
    required: 'obligatoresch',
    sendCode: 'Code schécken',
    sending: 'De Code gëtt geschéckt…',
  },
  consents: {
    termsAndPrivacy: 'Ech akzeptéieren d’Benotzungsbedéngungen an d’Dateschutzerklärung vun der Plattform.',
    readTerms: 'Benotzungsbedéngungen an Dateschutzerklärung liesen (neien Tab)',
    phoneNumberOwnership:
      'Ech bestätegen, datt d’Handysnummer {mobile} meng ass an datt nëmmen ech se benotzen.',
    documentConsent:
      'Ech hunn d’Dokument „{title}“ mat sengen Annexen komplett gelies, ech sinn averstan mat sengem Inhalt an ech sinn domat averstanen, et elektronesch z’ënnerschreiwen.',
    legalParagraph:
      'Ech verstinn, datt ech mat menger Ënnerschrëft eng elektronesch Ënnerschrëft am Sënn vum Artikel 3, Punkt 10, vun der Verordnung (EU) Nr. 910/2014 (eIDAS) setzen, esou wéi se duerch d’Verordnung (EU) 2024/1183 geännert gouf, där hir juristesch Wierkung an hir Zoulässegkeet als Beweis viru Geriicht net eleng dowéinst kënnen ofgesprach ginn, well se an elektronescher Form ass (Artikel 25, Paragraph 1). Nom lëtzebuergesche Gesetz vum 14. August 2000 iwwer den elektronesche Commerce an dem Artikel 1322-1 vum Code civil identifizéiert meng Ënnerschrëft mech a weist, datt ech mam Inhalt vum Dokument averstane sinn; dat ënnerschriwwent Dokument gëtt esou versigelt, datt all spéider Ännerung ze erkennen ass.',
    qualifiedNote:
      'Eng qualifizéiert elektronesch Ënnerschrëft huet déiselwecht juristesch Wierkung wéi eng handschrëftlech Ënnerschrëft (Art. 25(2) eIDAS). Dir maacht se mat Ärem eegene qualifizéierten Zertifikat, bei Ärem Vertrauensdéngschtleeschter.',
    advancedNote:
      'Dëst ass eng fortgeschratt elektronesch Ënnerschrëft (Artikel 26 vun der eIDAS-Verordnung): Fir dëst eent Dokument gëtt en Zertifikat op Ären Numm ausgestallt.',
  },
  otp: {
    intro:
      'E Code mat 8 Zeechen ass per SMS op d’Nummer {mobile} geschéckt ginn. Gitt en an, fir z’ënnerschreiwen.',
    newCodeSent:
      'En neie Code ass per SMS op d’Nummer {mobile} geschéckt ginn. Nëmmen de leschte Code ass gëlteg.',
    code: 'Code aus der SMS',
    codeHint: '8 Buschtawen an Zifferen, ouni Espace',
    invalidCode: 'De Code ass net korrekt. Probéiert w.e.g. nach eng Kéier.',
    attemptLeft: 'Dir hutt mat dësem Code nach 1 Versuch.',
    attemptsLeft: 'Dir hutt mat dësem Code nach {count} Versich.',
    usedUpCode:
      'De Code ass net richteg. No 5 falsche Versich ass dëse Code net méi gëlteg: frot en neie Code.',
    expiredCode: 'Dëse Code ass ofgelaf oder gouf duerch en neie Code ersat. Frot w.e.g. en neie Code un.',
    resend: 'Code nach eng Kéier schécken',
    resendWait: 'Dir kënnt an {time} en neie Code ufroen.',
    validate: 'Bestätegen',
    validating: 'Gëtt bestätegt…',
    validateQualified: 'Mat mengem qualifizéierten Zertifikat ënnerschreiwen',
    redirecting: 'D’Säit vun Ärem Prestataire gëtt opgemaach…',
    qualifiedIntro:
      'Nom Code gitt Dir bei Äre qualifizéierte Vertrauensdéngschtleeschter geleet, fir mat Ärem Zertifikat z’ënnerschreiwen, an duerno heihinner zeréckbruecht.',
    back: 'Meng Donnéeën änneren',
    locked:
      'Ze vill falsch Coden: D’Ënnerschrëft ass gespaart. Frot den Expediteur, Iech eng nei Invitatioun ze schécken.',
  },
  qualifiedReturn: {
    signed: 'Är qualifizéiert Ënnerschrëft gouf um Dokument ugebruecht.',
    cancelled:
      'Dir hutt bei Ärem Prestataire ofgebrach: et gouf näischt ënnerschriwwen. Dir kënnt mat engem neie Code nei ufänken.',
    unavailable:
      'Äre Prestataire äntwert de Moment net: et gouf näischt ënnerschriwwen. Probéiert et an e puer Minutte mat engem neie Code nach eng Kéier.',
    refused:
      'Äre Prestataire huet d’Ufro refuséiert: et gouf näischt ënnerschriwwen. Dir kënnt mat engem neie Code nei ufänken.',
    not_qualified:
      'Bei Ärem Prestataire gouf keen notzbaart qualifizéiert Zertifikat fonnt: et gouf näischt ënnerschriwwen.',
    invalid_signature:
      'D’Ënnerschrëft, déi Äre Prestataire zeréckginn huet, passt net zum Dokument: si gouf net agebonnen. Dir kënnt mat engem neie Code nei ufänken.',
    document_changed:
      'D’Dokument huet an der Zwëschenzäit eng aner Ënnerschrëft kritt: et gouf näischt ënnerschriwwen. Lued d’Säit nei a fänkt mat engem neie Code nei un.',
    expired:
      'D’Zäit fir bei Ärem Prestataire z’ënnerschreiwen ass eriwwer: et gouf näischt ënnerschriwwen. Fänkt mat engem neie Code nei un.',
    invalid_state:
      'Dëse Retour passt zu keng lafender Ënnerschrëft (en aneren Tab oder eng Säit, déi scho benotzt gouf): et gouf näischt ënnerschriwwen.',
    reopenLink: 'Fir weiderzefueren, maacht de Link, deen Dir per E-Mail kritt hutt, nach eng Kéier op.',
    title: 'Zeréck vun Ärem Prestataire',
  },
  signed: {
    title: 'Dokument ënnerschriwwen',
    message: 'Är Ënnerschrëft gouf registréiert. Merci!',
    close: 'Zoumaachen',
  },
  result: {
    title: 'Dir hutt dëst Dokument ënnerschriwwen',
    pending: 'Dat definitiivt Dokument gëtt Iech per E-Mail geschéckt, soubal jiddereen ënnerschriwwen huet.',
    preparing: 'Dat definitiivt ënnerschriwwent Dokument gëtt virbereet…',
    ready: 'Dat definitiivt ënnerschriwwent Dokument ass disponibel.',
    download: 'Dat ënnerschriwwent Dokument eroflueden',
    downloading: 'Gëtt erofgelueden…',
  },
  toasts: {
    signatureValidated: 'Ënnerschrëft bestätegt',
  },
  errors: {
    network: 'De Server äntwert net. Kontrolléiert Är Verbindung a probéiert nach eng Kéier.',
    fetchSignature: "D'Ënnerschrëftsufro konnt net gelueden ginn",
    sendCode: 'De Code konnt net geschéckt ginn',
    validateSign: "D'Ënnerschrëft konnt net bestätegt ginn",
    downloadFile: 'De Fichier konnt net erofgeluede ginn',
    codeAlreadySent: 'Dir hutt grad eréischt e Code kritt. Benotzt dee, oder waart, fir en neien unzefroen.',
    dailyLimit: 'Haut goufen ze vill Coden geschéckt. Probéiert et méi spéit nach eng Kéier.',
    codeExpired: 'De Code ass ofgelaf oder gouf ersat.',
    locked: "Ze vill falsch Coden: D'Ënnerschrëft ass gespaart.",
    notYourTurn: "Dir sidd nach net drun, fir z'ënnerschreiwen.",
    alreadySigned: 'Dir hutt dëst Dokument schonn ënnerschriwwen.',
    nothingToSign: 'Dës Ënnerschrëftsufro ass net méi disponibel.',
    validation: 'Är Donnéeë goufen refuséiert. Kontrolléiert se a probéiert nach eng Kéier.',
    documentChanged:
      "D'Dokument huet sech geännert, zënter Dir et opgemaach hutt (en aneren Ënnerschreiwer huet ënnerschriwwen): Et gouf nei gelueden. Liest et nach eng Kéier, ier Dir ënnerschreift.",
    requestDeclined: "Een Ënnerschreiwer huet refuséiert z'ënnerschreiwen: D'Ufro ass zou.",
    requestExpired: "D'Frist fir z'ënnerschreiwen ass eriwwer.",
  },
};
