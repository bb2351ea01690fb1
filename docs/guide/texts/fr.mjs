// Guide d’utilisation en français (langue par défaut). Les libellés de `ui` sont ceux de l’interface.
export default {
  htmlLang: 'fr',
  intl: 'fr-LU',
  ui: {
    back: 'Précédent',
    sign: 'Signer',
    validate: 'Valider',
    close: 'Fermer',
    signedReady: 'Le document final signé est disponible.',
    next: 'Suivant',
    send: 'Envoyer la demande',
    addSignatory: 'Ajouter un signataire',
    documentReady: '« pdflatex-4-pages.pdf » est prêt : 4 pages.',
    corners: { 'bottom-left': 'En bas à gauche', 'bottom-right': 'En bas à droite' },
    sequence: 'Séquentielle',
    typesGuide: 'Guide des types de signature',
    remind: 'Relancer les signataires',
    remindWait: /^Relancer dans /,
    download: 'Télécharger le document signé',
  },
  sample: {
    signedTitle: 'Compromis de vente – 12 rue de la Gare',
    signatory: { name: 'Anne Muller', email: 'anne.muller.fr@example.lu', mobile: '+352621987650' },
    location: 'Luxembourg',
    wizardTitle: 'Mandat de vente – 3 rue Haute',
    wizardSignatories: [
      { name: 'Paul Schmit', email: 'paul.schmit@example.lu', mobile: '621 234 567' },
      { name: 'Léa Weber', email: 'lea.weber@example.lu', mobile: '+352 691 987 654' },
    ],
  },
  cover: {
    brand: 'CIGDL e-Signature',
    title: 'Guide d’utilisation',
    subtitle: 'La plateforme de signature électronique de la Chambre immobilière',
    audience: 'Pour les agences membres et pour les personnes invitées à signer',
    edition: 'Édition de',
  },
  labels: { toc: 'Sommaire', page: 'Page', of: 'sur', tip: 'Conseil :', note: 'À savoir :' },
  parts: [
    {
      title: 'Pour les membres',
      intro:
        'Cette partie s’adresse aux agences membres de la Chambre immobilière. Elle suit l’ordre dans lequel vous utiliserez la plateforme : première connexion, tableau de bord, création d’une demande de signature, suivi, puis téléchargement du document signé. Ouvrez la plateforme dans un navigateur récent (Chrome, Edge, Firefox ou Safari) sur un ordinateur.',
      chapters: [
        {
          id: 'first-sign-in',
          title: 'Première connexion',
          blocks: [
            {
              p: 'La Chambre crée votre compte et vous envoie un e-mail de bienvenue avec un <strong>mot de passe temporaire</strong>. À la première connexion, vous le remplacez par le vôtre puis vous acceptez la politique de protection des données.',
            },
            {
              steps: [
                'Ouvrez l’adresse de la plateforme et saisissez votre <strong>adresse e-mail</strong> et le mot de passe temporaire, puis cliquez sur <strong>Se connecter</strong>.',
                'Choisissez votre mot de passe : de 8 à 50 caractères, avec au moins une minuscule, une majuscule et un chiffre. Saisissez-le deux fois puis cliquez sur <strong>Enregistrer et continuer</strong>.',
                'Lisez les conditions d’utilisation et la politique de confidentialité, confirmez que le numéro de mobile affiché est le vôtre, cochez les deux cases et cliquez sur <strong>Accepter et continuer</strong>.',
              ],
            },
            {
              shots: [
                { key: 'login', caption: 'L’écran de connexion.' },
                { key: 'new-password', caption: 'Première connexion : choisir son propre mot de passe.' },
                {
                  key: 'consent',
                  caption: 'Le consentement à la protection des données, demandé une seule fois.',
                },
              ],
            },
            {
              tip: 'Mot de passe oublié ? Cliquez sur <strong>Mot de passe oublié ?</strong> sous le formulaire : un code de vérification vous est envoyé par e-mail pour en choisir un nouveau.',
            },
          ],
        },
        {
          id: 'account',
          title: 'Langue et paramètres du compte',
          blocks: [
            {
              p: 'Le menu de profil, en haut à droite, indique avec quel compte vous êtes connecté. Il donne accès aux paramètres du compte, au choix de la langue (français, English, Deutsch, Lëtzebuergesch) et à la déconnexion. La langue choisie est aussi celle des e-mails et SMS que la plateforme vous envoie.',
            },
            { shots: [{ key: 'user-menu', caption: 'Le menu de profil et le choix de la langue.' }] },
            {
              p: 'Dans <strong>Paramètres du compte</strong>, vous mettez à jour les coordonnées de votre agence, changez votre mot de passe et ajoutez le <strong>logo</strong> de l’agence (PNG ou JPEG).',
            },
            { shots: [{ key: 'profile', caption: 'Les paramètres du compte.' }] },
            {
              note: 'Le logo est indispensable pour envoyer des demandes de signature <strong>avancée</strong> : il figure dans le cachet de chaque signature.',
            },
          ],
        },
        {
          id: 'dashboard',
          title: 'Le tableau de bord',
          blocks: [
            {
              p: 'Après la connexion, le tableau de bord résume votre activité : le taux de réalisation (demandes signées par rapport à toutes vos demandes), le nombre de demandes signées, en cours et annulées, la répartition entre signature simple et avancée, les demandes terminées ce mois-ci et un graphique des douze derniers mois.',
            },
            {
              p: 'La carte <strong>Coûts de …</strong> (par exemple « Coûts de novembre ») montre le montant hors TVA du mois en cours, calculé avec le tarif de la Chambre (demandes et SMS envoyés). Le menu <strong>Coûts</strong> détaille chaque mois et permet de télécharger le relevé au format CSV.',
            },
            {
              shots: [
                { key: 'dashboard', caption: 'Le tableau de bord d’un membre, avec les coûts du mois.' },
              ],
            },
          ],
        },
        {
          id: 'requests',
          title: 'La liste des demandes',
          blocks: [
            {
              p: 'Le menu <strong>Signatures</strong> liste toutes vos demandes, les plus récentes en premier, avec leur statut : <strong>En cours</strong>, <strong>Signée</strong>, <strong>Annulée</strong>, <strong>Refusée</strong> (un signataire a refusé de signer) ou <strong>Expirée</strong> (la date limite est passée). Le champ de recherche trouve une demande par son titre ou par le nom d’un signataire. Cliquez sur une ligne pour ouvrir ses détails.',
            },
            { shots: [{ key: 'list', caption: 'La liste des demandes de signature.' }] },
          ],
        },
        {
          id: 'wizard',
          title: 'Créer une demande de signature',
          blocks: [
            {
              p: 'Cliquez sur <strong>Nouvelle demande de signature</strong>. Un assistant vous guide en cinq étapes ; le bouton <strong>Précédent</strong> permet de revenir en arrière sans rien perdre, et chaque étape déjà faite reste cliquable dans la barre du haut.',
            },
            { h: 'Étape 1 : le document' },
            {
              steps: [
                'Choisissez <strong>Importer mon propre PDF</strong>, puis déposez le fichier ou cliquez sur <strong>Choisir un fichier PDF</strong> (PDF uniquement, 10 Mo au maximum).',
                'Ou choisissez <strong>Remplir un modèle certifié</strong> et sélectionnez un modèle : une étape supplémentaire vous fait alors remplir ses informations et génère le document.',
                'Attendez le message « … est prêt » : la plateforme a vérifié le PDF et compté ses pages. Cliquez sur <strong>Suivant</strong>.',
              ],
            },
            {
              shots: [
                { key: 'wizard-template', caption: 'Les modèles certifiés de la Chambre.' },
                { key: 'wizard-document', caption: 'Un PDF importé et vérifié.' },
              ],
            },
            {
              note: 'Un PDF protégé par un mot de passe ou déjà signé électroniquement est refusé : envoyez une version non protégée.',
            },
            { h: 'Remplir un modèle certifié' },
            {
              p: 'Le formulaire du modèle s’affiche par rubriques ; ajoutez autant de vendeurs, d’acquéreurs, de lots ou de parcelles que nécessaire. Chaque réponse est vérifiée pendant la saisie (matricule, numéro de TVA, RCS, code postal, IBAN, désignation cadastrale). À côté du formulaire, l’aperçu du document se met à jour quelques instants après chaque modification. Ce que vous saisissez est gardé comme brouillon sur cet ordinateur pendant une semaine : si la page se recharge, vous reprenez là où vous en étiez, ou cliquez sur <strong>Supprimer le brouillon et recommencer</strong>.',
            },
            {
              shots: [
                {
                  key: 'wizard-details',
                  caption: 'Le formulaire d’un compromis de vente et l’aperçu du document.',
                },
              ],
            },
            {
              tip: 'Les zones de signature du document généré sont en bas de sa dernière page, une par partie. À l’étape des emplacements, les signataires y sont déjà placés dans l’ordre des parties : saisissez-les dans cet ordre.',
            },
            { h: 'Étape 2 : les signataires' },
            {
              steps: [
                'Pour chaque signataire, saisissez le nom et prénom, l’adresse e-mail et le numéro de mobile. Cliquez sur <strong>Ajouter un signataire</strong> pour en ajouter un autre (50 au maximum).',
                'Vérifiez le numéro affiché sous le mobile : c’est là que le code de signature sera envoyé. Sans indicatif, le numéro est considéré comme luxembourgeois (+352).',
                'Changez l’ordre avec les flèches ou en faisant glisser la poignée : l’ordre compte si les signataires signent l’un après l’autre.',
              ],
            },
            {
              shots: [
                { key: 'wizard-signatories', caption: 'Deux signataires, chacun avec son propre mobile.' },
              ],
            },
            { h: 'Étape 3 : l’emplacement des signatures' },
            {
              p: 'Pour chaque signataire, choisissez la page et le coin où sa signature apparaîtra. L’aperçu du document montre les cadres numérotés ; cliquer sur un coin de la page y place le signataire sélectionné. <strong>Réinitialiser les emplacements</strong> efface les choix sans retirer les signataires.',
            },
            {
              shots: [
                { key: 'wizard-placement', caption: 'Les signatures placées en bas de la dernière page.' },
              ],
            },
            { h: 'Étape 4 : les options' },
            {
              p: 'Choisissez le <strong>type de signature</strong>, l’<strong>ordre de signature</strong>, la taille des signatures, la page et la taille du sceau de la Chambre, le <strong>titre</strong> de la demande (que les signataires voient dans leur invitation) et la langue des invitations.',
            },
            {
              steps: [
                '<strong>Signature simple</strong> : chaque signataire lit le document, donne son accord et confirme avec un code reçu par SMS. Elle convient à la plupart des documents courants (fiches d’identification, mandats).',
                '<strong>Signature avancée</strong> : en plus, un certificat est délivré au nom du signataire pour cette seule signature. Elle est recommandée pour les engagements importants, comme un compromis de vente, et nécessite le logo de votre agence.',
                '<strong>Simultanée</strong> : tous les signataires sont invités en même temps. <strong>Séquentielle</strong> : chacun est invité après la signature du précédent.',
              ],
            },
            {
              shots: [
                { key: 'wizard-options', caption: 'Les options de la demande.' },
                {
                  key: 'wizard-guide',
                  caption: 'Le guide des types de signature, à ouvrir en cas de doute.',
                },
              ],
            },
            {
              note: 'Aucun de ces deux types n’équivaut à une signature manuscrite : seule une signature qualifiée a cet effet (règlement (UE) n° 910/2014, article 25).',
            },
            { h: 'Étape 5 : vérifier et envoyer' },
            {
              p: 'Relisez le résumé. Le lien <strong>Modifier</strong> de chaque partie ramène à l’étape correspondante. Cliquez ensuite sur <strong>Envoyer la demande</strong> : chaque signataire reçoit son invitation par e-mail (ou, en mode séquentiel, le premier seulement).',
            },
            { shots: [{ key: 'wizard-review', caption: 'Le récapitulatif avant l’envoi.' }] },
          ],
        },
        {
          id: 'follow-up',
          title: 'Suivre une demande et relancer',
          blocks: [
            {
              p: 'La page de détails montre le résumé de la demande, les signataires avec leur statut (<strong>Invité</strong>, <strong>En attente de son tour</strong>, <strong>Signé</strong>, avec la date et le lieu de signature) et la <strong>piste d’audit</strong> : chaque événement (création, consultation, code envoyé, signature, scellement) avec son auteur et son heure. La mention « Chaîne d’audit intègre » confirme qu’aucun événement n’a été modifié ni supprimé.',
            },
            {
              steps: [
                'Cliquez sur <strong>Relancer les signataires</strong> pour renvoyer l’invitation à ceux qui n’ont pas encore signé.',
                'Le bouton affiche ensuite un compte à rebours (« Relancer dans … ») : une nouvelle relance n’est possible qu’après ce délai, une heure par défaut.',
                'Tant que personne n’a signé, <strong>Modifier</strong> permet de corriger la demande ; <strong>Annuler la demande</strong> l’arrête définitivement après confirmation.',
                'Chaque demande a une date limite (« À signer avant le ») : 30 jours après l’envoi par défaut, ou le délai choisi dans l’assistant. Tant qu’elle n’est pas passée, <strong>Prolonger la date limite</strong> la repousse de quelques jours. Ensuite, la demande est <strong>Expirée</strong> et vous en êtes averti par e-mail.',
                'Si un signataire refuse de signer, la demande est <strong>Refusée</strong> : les détails indiquent qui a refusé, quand et pour quel motif, et ce motif vous est envoyé par e-mail. Une demande refusée ou expirée n’est pas facturée, hormis les SMS envoyés.',
              ],
            },
            { shots: [{ key: 'details', caption: 'Les détails d’une demande, après une relance.' }] },
            {
              tip: 'Inutile de relancer trop tôt : la plateforme relance aussi automatiquement les signataires qui n’ont pas signé après quelques jours (trois par défaut).',
            },
          ],
        },
        {
          id: 'download',
          title: 'Télécharger le document signé',
          blocks: [
            {
              p: 'Quand tous les signataires ont signé, la Chambre scelle le document final : il contient les signatures, une page de preuves et le journal des événements. Le statut passe à <strong>Signée</strong> et le bouton <strong>Télécharger le document signé</strong> apparaît dans les détails.',
            },
            {
              shots: [
                { key: 'details-signed', caption: 'Une demande signée par tous.' },
                { key: 'download', caption: 'Le téléchargement démarre aussitôt.' },
              ],
            },
            {
              tip: 'Chacun peut vérifier un document signé sur la page publique de vérification (/sign/verify) : elle indique si le sceau de la plateforme est présent et si le document a été modifié depuis.',
            },
          ],
        },
      ],
    },
    {
      title: 'Pour les signataires',
      intro:
        'Cette partie s’adresse aux personnes invitées à signer un document. Vous n’avez besoin d’aucun compte : un lien personnel reçu par e-mail et votre téléphone mobile suffisent. La signature fonctionne sur ordinateur comme sur smartphone.',
      chapters: [
        {
          id: 'reading',
          title: 'Ouvrir l’invitation et lire le document',
          blocks: [
            {
              steps: [
                'Ouvrez l’e-mail d’invitation et cliquez sur le lien de signature. Ce lien est personnel : ne le transférez pas.',
                'La page indique le titre de la demande, le document et l’agence qui l’envoie. Choisissez au besoin votre langue en haut de la page.',
                'Lisez le document jusqu’au bout avec les boutons de page et le zoom, puis touchez <strong>Signer</strong>. Le bouton s’active dès que le document est affiché ; s’il ne peut pas l’être, la page le dit et propose de réessayer ou de le télécharger.',
              ],
            },
            { shots: [{ key: 'sign-reading', caption: 'Le document à signer, sur un smartphone.' }] },
            {
              note: 'Vous ne souhaitez pas signer ? Touchez <strong>Refuser de signer</strong> sous le résumé et indiquez un motif : l’expéditeur le reçoit et la demande est close pour tous. La page indique aussi la date limite de signature ; passé ce délai, le lien ne permet plus de signer.',
            },
            {
              note: 'Si la page indique « Ce n’est pas encore votre tour », le document est signé dans un ordre défini : vous recevrez un nouvel e-mail quand ce sera à vous.',
            },
          ],
        },
        {
          id: 'consents',
          title: 'Lieu de signature et consentements',
          blocks: [
            {
              steps: [
                'Vérifiez votre numéro de mobile : le code y sera envoyé. S’il n’est pas le vôtre, ne signez pas et contactez l’expéditeur.',
                'Indiquez le lieu où vous signez, par exemple « Luxembourg ».',
                'Cochez les quatre consentements : conditions d’utilisation, numéro de mobile, lecture du document et portée juridique de la signature.',
                'Touchez <strong>Envoyer le code</strong>.',
              ],
            },
            {
              shots: [
                { key: 'sign-identity', caption: 'Étape 1 : le mobile et le lieu.' },
                { key: 'sign-consents', caption: 'Les consentements, puis l’envoi du code.' },
              ],
            },
          ],
        },
        {
          id: 'code',
          title: 'Le code reçu par SMS',
          blocks: [
            {
              steps: [
                'Vous recevez par SMS un code de 8 lettres et chiffres. Saisissez-le sans espace (les minuscules sont acceptées).',
                'Touchez <strong>Valider</strong>. Un code erroné affiche un message sous le champ : corrigez-le et réessayez.',
              ],
            },
            { shots: [{ key: 'sign-code', caption: 'Étape 2 : le code de confirmation.' }] },
            { h: 'Le code n’arrive pas ?' },
            {
              steps: [
                'Patientez une à deux minutes et vérifiez que votre téléphone capte le réseau.',
                'Après deux minutes, le bouton <strong>Renvoyer le code</strong> devient actif : un nouveau code remplace l’ancien.',
                'Si le numéro affiché est faux, touchez <strong>Modifier mes informations</strong> et contactez l’agence qui vous a invité.',
                'Le nombre de codes par jour est limité ; après trop de codes erronés, la signature est bloquée : demandez alors à l’expéditeur de vous renvoyer une invitation.',
              ],
            },
          ],
        },
        {
          id: 'signed',
          title: 'Document signé',
          blocks: [
            {
              p: 'Après la validation du code, votre signature est enregistrée. Quand tous les signataires ont signé, la Chambre scelle le document : vous pouvez alors le télécharger depuis la même page, et il vous est aussi envoyé par e-mail.',
            },
            {
              shots: [
                { key: 'sign-done', caption: 'La signature est enregistrée.' },
                { key: 'sign-result', caption: 'Le document final est disponible.' },
              ],
            },
            {
              tip: 'Conservez le PDF signé : il contient toutes les preuves de la signature et peut être vérifié à tout moment sur la page de vérification de la plateforme.',
            },
          ],
        },
      ],
    },
  ],
};
