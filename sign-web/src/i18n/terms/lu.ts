import { type TermsMessages } from './fr';

export const termsLu: TermsMessages = {
  title: 'Benotzungsbedéngungen an Dateschutzerklärung',
  intro:
    'D’Immobiliechamber stellt senge Memberen eng Plattform fir elektronesch Ënnerschrëften zur Verfügung. Wann Dir doriwwer ënnerschreift, akzeptéiert Dir déi folgend Konditiounen.',
  eidasTitle: 'Juristesche Kader',
  eidas:
    'D’Ënnerschrëfte ginn no der Verordnung (EU) Nr. 910/2014 vum 23. Juli 2014 iwwer elektronesch Identifikatioun a Vertrauensdéngschter (eIDAS) gemaach, esou wéi se duerch d’Verordnung (EU) 2024/1183 geännert gouf, an nom lëtzebuergesche Gesetz vum 14. August 2000 iwwer den elektronesche Commerce (Artikel 1322-1 vum Code civil).',
  evidence:
    'Als Beweis fir Är Ënnerschrëft behält d’Plattform de benotzte Link, d’Schécken an d’Kontroll vum SMS-Code, Ären Averständnis, den uginnen Uert, Datum an Auerzäit, Är IP-Adress, Äre Browser an de Fangerofdrock vum Dokument. Dës Donnéeë ginn an engem verkettete Protokoll festgehalen an dem definitiven, versigelten Dokument bäigeluecht.',
  privacyTitle: 'Dateschutz',
  privacy:
    'Är perséinlech Donnéeën (Numm, E-Mail, Handysnummer) ginn no der Verordnung (EU) 2016/679 (DSGVO) nëmme veraarbecht, fir d’Ënnerschrëft ze organiséieren an hire Beweis ze halen. Är Handysnummer déngt nëmmen dozou, Iech Eemol-Coden ze schécken.',
  rights:
    'Dir kënnt beim Expediteur vum Dokument oder bei der Immobiliechamber Accès op Är Donnéeën, hir Korrektur oder eng Aschränkung vun hirer Veraarbechtung froen. D’Beweiser vun der Ënnerschrëft gi sou laang gehalen, wéi d’Gesetz et verlaangt.',
};
