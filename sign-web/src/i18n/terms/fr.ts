/** Terms of use and privacy policy shown to signatories (source key set). */
export const termsFr = {
  title: 'Conditions d’utilisation et politique de confidentialité',
  intro:
    'La Chambre immobilière met à la disposition de ses membres une plateforme de signature électronique. En signant par son intermédiaire, vous acceptez les conditions suivantes.',
  eidasTitle: 'Cadre juridique',
  eidas:
    'Les signatures sont réalisées conformément au règlement (UE) n° 910/2014 du 23 juillet 2014 sur l’identification électronique et les services de confiance (eIDAS), tel que modifié par le règlement (UE) 2024/1183, ainsi qu’à la loi luxembourgeoise du 14 août 2000 relative au commerce électronique (article 1322-1 du Code civil).',
  evidence:
    'Pour prouver votre signature, la plateforme conserve le lien utilisé, l’envoi et la vérification du code SMS, vos consentements, le lieu indiqué, la date et l’heure, votre adresse IP, votre navigateur et l’empreinte du document. Ces éléments sont enregistrés dans un journal d’audit chaîné et joints au document final scellé.',
  privacyTitle: 'Protection des données',
  privacy:
    'Vos données personnelles (nom, e-mail, numéro de mobile) sont traitées conformément au règlement (UE) 2016/679 (RGPD), uniquement pour organiser la signature et en conserver la preuve. Votre numéro de mobile sert seulement à vous envoyer les codes à usage unique.',
  rights:
    'Vous pouvez demander l’accès à vos données, leur rectification ou la limitation de leur traitement auprès de l’expéditeur du document ou de la Chambre immobilière. Les preuves de signature sont conservées aussi longtemps que la loi l’exige.',
};

export type TermsMessages = typeof termsFr;
