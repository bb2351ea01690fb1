import { type TermsMessages } from './fr';

export const termsDe: TermsMessages = {
  title: 'Nutzungsbedingungen und Datenschutzerklärung',
  intro:
    'Die Immobilienkammer stellt ihren Mitgliedern eine Plattform für elektronische Signaturen zur Verfügung. Wenn Sie darüber unterschreiben, akzeptieren Sie die folgenden Bedingungen.',
  eidasTitle: 'Rechtsrahmen',
  eidas:
    'Die Signaturen erfolgen nach der Verordnung (EU) Nr. 910/2014 vom 23. Juli 2014 über elektronische Identifizierung und Vertrauensdienste (eIDAS) in der durch die Verordnung (EU) 2024/1183 geänderten Fassung sowie nach dem luxemburgischen Gesetz vom 14. August 2000 über den elektronischen Geschäftsverkehr (Artikel 1322-1 des Zivilgesetzbuches).',
  evidence:
    'Als Nachweis Ihrer Unterschrift speichert die Plattform den verwendeten Link, das Senden und Prüfen des SMS-Codes, Ihre Einwilligungen, den angegebenen Ort, Datum und Uhrzeit, Ihre IP-Adresse, Ihren Browser und den Fingerabdruck des Dokuments. Diese Angaben werden in einem verketteten Prüfprotokoll erfasst und dem endgültigen, versiegelten Dokument beigefügt.',
  privacyTitle: 'Datenschutz',
  privacy:
    'Ihre personenbezogenen Daten (Name, E-Mail, Mobilnummer) werden nach der Verordnung (EU) 2016/679 (DSGVO) ausschließlich verarbeitet, um die Unterzeichnung durchzuführen und ihren Nachweis aufzubewahren. Ihre Mobilnummer dient nur dazu, Ihnen Einmalcodes zu senden.',
  rights:
    'Sie können beim Absender des Dokuments oder bei der Immobilienkammer Auskunft über Ihre Daten, deren Berichtigung oder die Einschränkung ihrer Verarbeitung verlangen. Die Nachweise der Unterzeichnung werden so lange aufbewahrt, wie es das Gesetz verlangt.',
};
