// Benotzerhandbuch op Lëtzebuergesch. D’Beschrëftungen ënner `ui` sinn déi vun der Uewerfläch.
export default {
  htmlLang: 'lb',
  intl: 'lb-LU',
  ui: {
    back: 'Zréck',
    sign: 'Ënnerschreiwen',
    validate: 'Bestätegen',
    close: 'Zoumaachen',
    signedReady: 'Dat definitiivt ënnerschriwwent Dokument ass disponibel.',
    next: 'Weider',
    send: 'Ufro schécken',
    addSignatory: 'En Ënnerschreiwer derbäisetzen',
    documentReady: '„pdflatex-4-pages.pdf“ ass prett: 4 Säiten.',
    corners: { 'bottom-left': 'Ënne lénks', 'bottom-right': 'Ënne riets' },
    sequence: 'Een nom aneren',
    typesGuide: 'Guide zu den Zorte vun Ënnerschrëft',
    remind: 'D’Ënnerschreiwer erënneren',
    remindWait: /^Erënneren an /,
    download: 'Ënnerschriwwent Dokument eroflueden',
  },
  sample: {
    signedTitle: 'Compromis – 12 rue de la Gare',
    signatory: { name: 'Anne Muller', email: 'anne.muller.lu@example.lu', mobile: '+352621987653' },
    location: 'Lëtzebuerg',
    wizardTitle: 'Verkafsmandat – 3 rue Haute',
    wizardSignatories: [
      { name: 'Paul Schmit', email: 'paul.schmit@example.lu', mobile: '621 234 567' },
      { name: 'Léa Weber', email: 'lea.weber@example.lu', mobile: '+352 691 987 654' },
    ],
  },
  cover: {
    brand: 'CIGDL e-Signature',
    title: 'Benotzerhandbuch',
    subtitle: 'D’Plattform fir elektronesch Ënnerschrëften vun der Immobiliechamber',
    audience: 'Fir d’Memberagencen a fir d’Leit, déi se invitéieren z’ënnerschreiwen',
    edition: 'Editioun',
  },
  labels: { toc: 'Inhalt', page: 'Säit', of: 'vun', tip: 'Tipp:', note: 'Gutt ze wëssen:' },
  parts: [
    {
      title: 'Fir d’Memberen',
      intro:
        'Dësen Deel riicht sech un d’Memberagencen vun der Immobiliechamber. E follegt der Reiefolleg, an där Dir d’Plattform benotzt: éischt Umeldung, Iwwersiicht, eng Ënnerschrëftsufro maachen, se verfollegen an dat ënnerschriwwent Dokument eroflueden. Maacht d’Plattform an engem aktuellen Browser (Chrome, Edge, Firefox oder Safari) op engem Computer op.',
      chapters: [
        {
          id: 'first-sign-in',
          title: 'Déi éischt Umeldung',
          blocks: [
            {
              p: 'D’Chamber mécht Äre Kont op a schéckt Iech eng Wëllkomm-E-Mail mat engem <strong>provisoresche Passwuert</strong>. Bei der éischter Umeldung ersetzt Dir et duerch Äert eegent Passwuert an akzeptéiert d’Dateschutzerklärung.',
            },
            {
              steps: [
                'Maacht d’Adress vun der Plattform op, gitt Är <strong>E-Mail-Adress</strong> an dat provisorescht Passwuert an a klickt op <strong>Umellen</strong>.',
                'Wielt Äert Passwuert: 8 bis 50 Zeechen, mat mindestens engem klenge Buschtaf, engem grousse Buschtaf an enger Ziffer. Gitt et zweemol an a klickt op <strong>Späicheren a weider</strong>.',
                'Liest d’Notzungsbedéngungen an d’Dateschutzerklärung, bestätegt, datt déi ugewisen Handysnummer Är ass, kräizt déi zwou Këschten un a klickt op <strong>Akzeptéieren a weiderfueren</strong>.',
              ],
            },
            {
              shots: [
                { key: 'login', caption: 'D’Umeldungssäit.' },
                { key: 'new-password', caption: 'Éischt Umeldung: Äert eegent Passwuert wielen.' },
                { key: 'consent', caption: 'D’Averständnis zum Dateschutz, dat just eng Kéier gefrot gëtt.' },
              ],
            },
            {
              tip: 'Passwuert vergiess? Klickt ënner dem Formulaire op <strong>Passwuert vergiess?</strong>: Dir kritt e Bestätegungscode per E-Mail, fir en neit Passwuert ze wielen.',
            },
          ],
        },
        {
          id: 'account',
          title: 'Sprooch a Konto-Astellungen',
          blocks: [
            {
              p: 'De Profilmenü uewe riets weist, mat wéi engem Kont Dir ugemellt sidd. Vun do aus kommt Dir op d’Konto-Astellungen, op d’Wiel vun der Sprooch (Français, English, Deutsch, Lëtzebuergesch) an op d’Ofmeldung. Déi gewielte Sprooch gëllt och fir d’E-Mailen an d’SMSen, déi d’Plattform Iech schéckt.',
            },
            { shots: [{ key: 'user-menu', caption: 'De Profilmenü an d’Wiel vun der Sprooch.' }] },
            {
              p: 'An de <strong>Konto-Astellungen</strong> aktualiséiert Dir d’Donnéeë vun Ärer Agence, ännert Äert Passwuert a setzt de <strong>Logo</strong> vun der Agence derbäi (PNG oder JPEG).',
            },
            { shots: [{ key: 'profile', caption: 'D’Konto-Astellungen.' }] },
            {
              note: 'Ouni Logo kënnt Dir keng Ufroe mat <strong>fortgeschratter</strong> Ënnerschrëft schécken: E steet am Stempel vun all Ënnerschrëft.',
            },
          ],
        },
        {
          id: 'dashboard',
          title: 'D’Iwwersiicht',
          blocks: [
            {
              p: 'No der Umeldung resüméiert d’Iwwersiicht Är Aktivitéit: d’Ofschlossquote (ënnerschriwwen Ufroe par rapport zu allen Ären Ufroen), d’Zuel vun den ënnerschriwwenen, lafenden an annuléierten Ufroen, d’Verdeelung tëscht einfacher a fortgeschratter Ënnerschrëft, d’Ufroen, déi dëse Mount ofgeschloss goufen, an eng Grafik vun de leschten zwielef Méint.',
            },
            {
              p: 'D’Kaart <strong>Käschte fir …</strong> weist de Montant vum aktuelle Mount ouni TVA, no der Präislëscht vun der Chamber gerechent (Ufroen a geschéckt SMSen). De Menü <strong>Käschten</strong> weist all Mount am Detail, an Dir kënnt den Auszuch als CSV-Fichier eroflueden.',
            },
            {
              shots: [
                { key: 'dashboard', caption: 'D’Iwwersiicht vun engem Member, mat de Käschte vum Mount.' },
              ],
            },
          ],
        },
        {
          id: 'requests',
          title: 'D’Lëscht vun den Ufroen',
          blocks: [
            {
              p: 'De Menü <strong>Ënnerschrëften</strong> weist all Är Ufroen, déi neiste fir d’éischt, mat hirem Status: <strong>Amgaang</strong>, <strong>Ënnerschriwwen</strong>, <strong>Annuléiert</strong>, <strong>Refuséiert</strong> (een Ënnerschreiwer huet refuséiert z’ënnerschreiwen) oder <strong>Ofgelaf</strong> (d’Frist ass eriwwer). Mam Sichfeld fannt Dir eng Ufro iwwer hiren Titel oder den Numm vun engem Ënnerschreiwer. E Klick op eng Zeil mécht d’Detailer op.',
            },
            { shots: [{ key: 'list', caption: 'D’Lëscht vun den Ënnerschrëftsufroen.' }] },
          ],
        },
        {
          id: 'wizard',
          title: 'Eng Ënnerschrëftsufro maachen',
          blocks: [
            {
              p: 'Klickt op <strong>Nei Ënnerschrëftsufro</strong>. En Assistent féiert Iech a fënnef Schrëtt duerch d’Ufro; mat <strong>Zréck</strong> gitt Dir e Schrëtt zréck, ouni eppes ze verléieren, an all Schrëtt, deen Dir scho gemaach hutt, bleift uewen an der Leescht klickbar.',
            },
            { h: 'Schrëtt 1: d’Dokument' },
            {
              steps: [
                'Wielt <strong>Mäin eegene PDF eroplueden</strong>, leet de Fichier of oder klickt op <strong>PDF-Fichier auswielen</strong> (nëmme PDF, héchstens 10 MB).',
                'Oder wielt <strong>E zertifizéiert Modell ausfëllen</strong> an e Modell: An engem zousätzleche Schrëtt fëllt Dir seng Informatiounen aus, an d’Dokument gëtt generéiert.',
                'Waart op de Message „… ass prett“: D’Plattform huet de PDF iwwerpréift a seng Säite gezielt. Klickt op <strong>Weider</strong>.',
              ],
            },
            {
              shots: [
                { key: 'wizard-template', caption: 'Déi zertifizéiert Modeller vun der Chamber.' },
                { key: 'wizard-document', caption: 'E PDF, deen eropgelueden an iwwerpréift ass.' },
              ],
            },
            {
              note: 'E PDF mat engem Passwuert oder ee, deen schonn elektronesch ënnerschriwwen ass, gëtt refuséiert: Luet eng Versioun ouni Schutz erop.',
            },
            { h: 'E zertifizéierte Modell ausfëllen' },
            {
              p: 'De Formulaire vum Modell gëtt Rubrik fir Rubrik gewisen; setzt esou vill Verkeefer, Keefer, Lousen oder Parzellen derbäi wéi néideg. All Äntwert gëtt beim Aginn iwwerpréift (Matrikelnummer, TVA-Nummer, RCS, Postcode, IBAN, Katasterbezeechnung). Nieft dem Formulaire gëtt d’Virschau vum Dokument e Moment no all Ännerung aktualiséiert. Wat Dir agitt, gëtt eng Woch laang als Entworf op dësem Computer gehalen: Wann d’Säit nei gelueden gëtt, fuert Dir do weider, wou Dir wart, oder klickt op <strong>Entworf verwerfen an nei ufänken</strong>. D’Modeller an d’Dokumenter, déi doraus entstinn, sinn op Franséisch.',
            },
            {
              shots: [
                {
                  key: 'wizard-details',
                  caption: 'De Formulaire vun engem Verkafscompromis an d’Virschau vum Dokument.',
                },
              ],
            },
            {
              tip: 'D’generéiert Dokument huet seng Ënnerschrëftsfelder ënnen op der leschter Säit, eent pro Partei. Beim Schrëtt vun de Plazen sinn d’Ënnerschreiwer do schonn an der Reiefolleg vun de Parteie placéiert: gitt se an där Reiefolleg an.',
            },
            { h: 'Schrëtt 2: d’Ënnerschreiwer' },
            {
              steps: [
                'Gitt fir all Ënnerschreiwer den Numm a Virnumm, d’E-Mail-Adress an d’Handysnummer an. Mat <strong>En Ënnerschreiwer derbäisetzen</strong> kommen der weider derbäi (héchstens 50).',
                'Kontrolléiert d’Nummer, déi ënner dem Feld steet: Dohi gëtt den Ënnerschrëftscode geschéckt. Ouni Landesvirwahl gëtt d’Nummer als lëtzebuergesch ugesinn (+352).',
                'Ännert d’Reiefolleg mat de Feiler oder andeems Dir de Grëff zitt: Se zielt, wann d’Ënnerschreiwer een nom aneren ënnerschreiwen.',
              ],
            },
            {
              shots: [
                {
                  key: 'wizard-signatories',
                  caption: 'Zwee Ënnerschreiwer, all mat senger eegener Handysnummer.',
                },
              ],
            },
            { h: 'Schrëtt 3: d’Plaz vun den Ënnerschrëften' },
            {
              p: 'Wielt fir all Ënnerschreiwer d’Säit an den Eck, wou seng Ënnerschrëft hikënnt. D’Virschau weist déi nummeréiert Rummen; e Klick op en Eck vun der Säit setzt den ausgewielten Ënnerschreiwer dohin. <strong>Plaze réckgängeg maachen</strong> läscht d’Wiel, d’Ënnerschreiwer bleiwen.',
            },
            { shots: [{ key: 'wizard-placement', caption: 'D’Ënnerschrëften ënnen op der leschter Säit.' }] },
            { h: 'Schrëtt 4: Optiounen' },
            {
              p: 'Wielt d’<strong>Zort vun Ënnerschrëft</strong>, d’<strong>Reiefolleg vun den Ënnerschrëften</strong>, d’Gréisst vun den Ënnerschrëften, d’Säit an d’Gréisst vum Sigel vun der Chamber, den <strong>Titel</strong> vun der Ufro (deen d’Ënnerschreiwer an hirer Invitatioun gesinn) an d’Sprooch vun den Invitatiounen.',
            },
            {
              steps: [
                '<strong>Einfach Ënnerschrëft</strong>: All Ënnerschreiwer liest d’Dokument, gëtt säin Averständnis a bestätegt mat engem Code, deen en per SMS kritt. Se passt fir déi meescht alldeeglech Dokumenter (Identifikatiounsfichen, Mandater).',
                '<strong>Fortgeschratt Ënnerschrëft</strong>: Zousätzlech gëtt fir dës eng Ënnerschrëft en Zertifikat op den Numm vum Ënnerschreiwer ausgestallt. Se gëtt fir wichteg Engagementer ugeroden, wéi e Compromis, a brauch de Logo vun Ärer Agence.',
                '<strong>Gläichzäiteg</strong>: All d’Ënnerschreiwer ginn op eemol invitéiert. <strong>Een nom aneren</strong>: All Ënnerschreiwer gëtt invitéiert, soubal de viregten ënnerschriwwen huet.',
              ],
            },
            {
              shots: [
                { key: 'wizard-options', caption: 'D’Optioune vun der Ufro.' },
                {
                  key: 'wizard-guide',
                  caption: 'De Guide zu den Zorte vun Ënnerschrëft, wann Dir net sécher sidd.',
                },
              ],
            },
            {
              note: 'Keng vun deenen zwou Zorten ass enger handgeschriwwener Ënnerschrëft gläichgestallt: Dat gëllt just fir eng qualifizéiert Ënnerschrëft (Verordnung (EU) Nr. 910/2014, Artikel 25).',
            },
            { h: 'Schrëtt 5: iwwerpréiwen a schécken' },
            {
              p: 'Liest de Resumé duerch. De Link <strong>Änneren</strong> vun all Deel bréngt Iech zréck op de jeeweilege Schrëtt. Klickt dann op <strong>Ufro schécken</strong>: All Ënnerschreiwer kritt seng Invitatioun per E-Mail (bei „Een nom aneren“ fir d’éischt just deen éischten).',
            },
            { shots: [{ key: 'wizard-review', caption: 'De Resumé virum Schécken.' }] },
          ],
        },
        {
          id: 'follow-up',
          title: 'Eng Ufro verfollegen an erënneren',
          blocks: [
            {
              p: 'D’Detailsäit weist de Resumé vun der Ufro, d’Ënnerschreiwer mat hirem Status (<strong>Invitéiert</strong>, <strong>Waart, bis e drun ass</strong>, <strong>Ënnerschriwwen</strong>, mam Datum an dem Uert vun der Ënnerschrëft) an d’<strong>Audit-Protokoll</strong>: all Evenement (Ufro gemaach, ugekuckt, Code geschéckt, Ënnerschrëft, Sigel) mat sengem Auteur a senger Auerzäit. „Audit-Kette intakt“ bestätegt, datt keen Evenement geännert oder geläscht gouf.',
            },
            {
              steps: [
                'Klickt op <strong>D’Ënnerschreiwer erënneren</strong>, fir d’Invitatioun nach eng Kéier un déi ze schécken, déi nach net ënnerschriwwen hunn.',
                'De Knäppchen weist duerno e Countdown („Erënneren an …“): Eng nei Erënnerung ass eréischt no där Zäit méiglech, standardméisseg no enger Stonn.',
                'Soulaang nach keen ënnerschriwwen huet, kënnt Dir d’Ufro mat <strong>Änneren</strong> korrigéieren; <strong>Ufro annuléieren</strong> stoppt se no enger Bestätegung definitiv.',
                'All Ufro huet eng Frist („Z’ënnerschreiwe bis“): standardméisseg 30 Deeg nom Verschécken, oder d’Dauer, déi Dir am Assistent gewielt hutt. Soulaang se net eriwwer ass, verréckelt <strong>Frist verlängeren</strong> se ëm e puer Deeg. Duerno ass d’Ufro <strong>Ofgelaf</strong>, an Dir kritt eng E-Mail.',
                'Refuséiert een Ënnerschreiwer z’ënnerschreiwen, ass d’Ufro <strong>Refuséiert</strong>: D’Detailer weisen, wien, wéini a firwat refuséiert huet, an de Grond gëtt Iech per E-Mail geschéckt. Eng refuséiert oder ofgelafen Ufro gëtt net verrechent, ausser déi geschéckt SMSen.',
              ],
            },
            { shots: [{ key: 'details', caption: 'D’Detailer vun enger Ufro no enger Erënnerung.' }] },
            {
              tip: 'Erënnert net ze fréi: D’Plattform erënnert d’Ënnerschreiwer och automatesch, wa se no e puer Deeg (standardméisseg dräi) nach net ënnerschriwwen hunn.',
            },
          ],
        },
        {
          id: 'download',
          title: 'Dat ënnerschriwwent Dokument eroflueden',
          blocks: [
            {
              p: 'Soubal all d’Ënnerschreiwer ënnerschriwwen hunn, versigelt d’Chamber dat definitiivt Dokument: Et enthält d’Ënnerschrëften, eng Säit mat de Beweiser an d’Protokoll vun den Evenementer. De Status wiesselt op <strong>Ënnerschriwwen</strong>, an an den Detailer erschéngt de Knäppchen <strong>Ënnerschriwwent Dokument eroflueden</strong>.',
            },
            {
              shots: [
                { key: 'details-signed', caption: 'Eng Ufro, déi jiddereen ënnerschriwwen huet.' },
                { key: 'download', caption: 'Den Download fänkt direkt un.' },
              ],
            },
            {
              tip: 'Jiddereen kann en ënnerschriwwent Dokument op der ëffentlecher Säit fir d’Iwwerpréiwung (/sign/verify) kontrolléieren: Si weist, ob d’Sigel vun der Plattform drop ass an ob d’Dokument zënterhier geännert gouf.',
            },
          ],
        },
      ],
    },
    {
      title: 'Fir d’Ënnerschreiwer',
      intro:
        'Dësen Deel riicht sech un d’Leit, déi invitéiert gi sinn, en Dokument z’ënnerschreiwen. Dir braucht kee Kont: E perséinleche Link per E-Mail an Ären Handy si genuch. D’Ënnerschrëft geet um Computer grad esou gutt wéi um Smartphone.',
      chapters: [
        {
          id: 'reading',
          title: 'D’Invitatioun opmaachen an d’Dokument liesen',
          blocks: [
            {
              steps: [
                'Maacht d’Invitatiouns-E-Mail op a klickt op de Link fir z’ënnerschreiwen. De Link ass perséinlech: Schéckt en net weider.',
                'D’Säit weist den Titel vun der Ufro, d’Dokument an d’Agence, déi et geschéckt huet. Wielt, wann néideg, uewen op der Säit Är Sprooch.',
                'Liest d’Dokument mat de Säiteknäppercher an dem Zoom bis zum Schluss, an tippt dann op <strong>Ënnerschreiwen</strong>. De Knäppchen gëtt aktiv, soubal d’Dokument ugewise gëtt; kann et net ugewise ginn, seet d’Säit dat a proposéiert, et nach eng Kéier ze probéieren oder et erofzelueden.',
              ],
            },
            {
              shots: [
                { key: 'sign-reading', caption: 'D’Dokument fir z’ënnerschreiwen, op engem Smartphone.' },
              ],
            },
            {
              note: 'Dir wëllt net ënnerschreiwen? Tippt ënner dem Resumé op <strong>Refuséieren z’ënnerschreiwen</strong> a gitt e Grond un: Den Ofsender kritt en, an d’Ufro gëtt fir jiddereen zougemaach. D’Säit weist och d’Frist fir z’ënnerschreiwen; duerno kann een mam Link net méi ënnerschreiwen.',
            },
            {
              note: 'Wann op der Säit „Dir sidd nach net drun“ steet, gëtt d’Dokument an enger fixer Reiefolleg ënnerschriwwen: Dir kritt eng nei E-Mail, soubal Dir drun sidd.',
            },
          ],
        },
        {
          id: 'consents',
          title: 'Uert vun der Ënnerschrëft an Averständnis',
          blocks: [
            {
              steps: [
                'Kontrolléiert Är Handysnummer: De Code gëtt dohi geschéckt. Wann et net Är ass, ënnerschreift net a kontaktéiert den Expediteur.',
                'Gitt un, wou Dir ënnerschreift, zum Beispill „Lëtzebuerg“.',
                'Kräizt déi véier Këschten un: Benotzungsbedéngungen, Handysnummer, d’Dokument gelies an déi juristesch Wierkung vun der Ënnerschrëft.',
                'Tippt op <strong>Code schécken</strong>.',
              ],
            },
            {
              shots: [
                { key: 'sign-identity', caption: 'Schrëtt 1: Handysnummer an Uert.' },
                { key: 'sign-consents', caption: 'D’Averständnis, duerno de Code schécken.' },
              ],
            },
          ],
        },
        {
          id: 'code',
          title: 'De Code aus der SMS',
          blocks: [
            {
              steps: [
                'Dir kritt per SMS e Code mat 8 Buschtawen an Zifferen. Gitt en ouni Espace an (kleng Buschtawe ginn och).',
                'Tippt op <strong>Bestätegen</strong>. Bei engem falsche Code erschéngt e Message ënner dem Feld: Verbessert en a probéiert nach eng Kéier.',
              ],
            },
            { shots: [{ key: 'sign-code', caption: 'Schrëtt 2: de Bestätegungscode.' }] },
            { h: 'De Code kënnt net un?' },
            {
              steps: [
                'Waart eng bis zwou Minutten a kuckt, ob Ären Handy Empfank huet.',
                'No zwou Minutte gëtt de Knäppchen <strong>Code nach eng Kéier schécken</strong> aktiv: En neie Code ersetzt deen alen.',
                'Wann déi ugewisen Nummer falsch ass, tippt op <strong>Meng Donnéeën änneren</strong> a kontaktéiert d’Agence, déi Iech invitéiert huet.',
                'D’Zuel vun de Coden pro Dag ass limitéiert, an no ze vill falsche Coden ass d’Ënnerschrëft gespaart: Frot dann den Expediteur, Iech eng nei Invitatioun ze schécken.',
              ],
            },
          ],
        },
        {
          id: 'signed',
          title: 'Dokument ënnerschriwwen',
          blocks: [
            {
              p: 'Wann de Code bestätegt ass, ass Är Ënnerschrëft registréiert. Soubal jiddereen ënnerschriwwen huet, versigelt d’Chamber d’Dokument: Dir kënnt et dann op derselwechter Säit eroflueden, an Dir kritt et och per E-Mail.',
            },
            {
              shots: [
                { key: 'sign-done', caption: 'D’Ënnerschrëft ass registréiert.' },
                { key: 'sign-result', caption: 'Dat definitiivt Dokument ass disponibel.' },
              ],
            },
            {
              tip: 'Haalt den ënnerschriwwene PDF gutt op: En enthält all d’Beweiser vun der Ënnerschrëft a kann all Moment op der Säit fir d’Iwwerpréiwung vun der Plattform kontrolléiert ginn.',
            },
          ],
        },
      ],
    },
  ],
};
