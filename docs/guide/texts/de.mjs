// Benutzerhandbuch auf Deutsch. Die Beschriftungen unter `ui` sind die der Oberfläche.
export default {
  htmlLang: 'de',
  intl: 'de-LU',
  ui: {
    back: 'Zurück',
    sign: 'Unterschreiben',
    validate: 'Bestätigen',
    close: 'Schließen',
    signedReady: 'Das endgültige unterschriebene Dokument ist verfügbar.',
    next: 'Weiter',
    send: 'Anfrage senden',
    addSignatory: 'Unterzeichner hinzufügen',
    documentReady: '„pdflatex-4-pages.pdf“ ist bereit: 4 Seiten.',
    corners: { 'bottom-left': 'Unten links', 'bottom-right': 'Unten rechts' },
    sequence: 'Nacheinander',
    typesGuide: 'Leitfaden zu den Signaturarten',
    remind: 'Unterzeichner erinnern',
    remindWait: /^Erinnern in /,
    download: 'Unterschriebenes Dokument herunterladen',
  },
  sample: {
    signedTitle: 'Kaufvorvertrag – 12 rue de la Gare',
    signatory: { name: 'Anne Muller', email: 'anne.muller.de@example.lu', mobile: '+352621987652' },
    location: 'Luxemburg',
    wizardTitle: 'Verkaufsauftrag – 3 rue Haute',
    wizardSignatories: [
      { name: 'Paul Schmit', email: 'paul.schmit@example.lu', mobile: '621 234 567' },
      { name: 'Léa Weber', email: 'lea.weber@example.lu', mobile: '+352 691 987 654' },
    ],
  },
  cover: {
    brand: 'CIGDL e-Signature',
    title: 'Benutzerhandbuch',
    subtitle: 'Die Plattform für elektronische Signaturen der Immobilienkammer',
    audience: 'Für die Mitgliedsagenturen und für die Personen, die sie zur Unterschrift einladen',
    edition: 'Ausgabe',
  },
  labels: { toc: 'Inhalt', page: 'Seite', of: 'von', tip: 'Tipp:', note: 'Gut zu wissen:' },
  parts: [
    {
      title: 'Für Mitglieder',
      intro:
        'Dieser Teil richtet sich an die Mitgliedsagenturen der Immobilienkammer. Er folgt der Reihenfolge, in der Sie die Plattform nutzen: erste Anmeldung, Übersicht, Erstellen einer Signaturanfrage, Nachverfolgung und Herunterladen des unterschriebenen Dokuments. Öffnen Sie die Plattform in einem aktuellen Browser (Chrome, Edge, Firefox oder Safari) auf einem Computer.',
      chapters: [
        {
          id: 'first-sign-in',
          title: 'Die erste Anmeldung',
          blocks: [
            {
              p: 'Die Kammer legt Ihr Konto an und schickt Ihnen eine Willkommens-E-Mail mit einem <strong>vorläufigen Passwort</strong>. Bei der ersten Anmeldung ersetzen Sie es durch Ihr eigenes Passwort und stimmen der Datenschutzerklärung zu.',
            },
            {
              steps: [
                'Öffnen Sie die Adresse der Plattform, geben Sie Ihre <strong>E-Mail-Adresse</strong> und das vorläufige Passwort ein und klicken Sie auf <strong>Anmelden</strong>.',
                'Wählen Sie Ihr Passwort: 8 bis 50 Zeichen mit mindestens einem Klein- und einem Großbuchstaben sowie einer Ziffer. Geben Sie es zweimal ein und klicken Sie auf <strong>Speichern und weiter</strong>.',
                'Lesen Sie die Nutzungsbedingungen und die Datenschutzerklärung, bestätigen Sie, dass die angezeigte Mobilnummer Ihnen gehört, setzen Sie beide Häkchen und klicken Sie auf <strong>Zustimmen und fortfahren</strong>.',
              ],
            },
            {
              shots: [
                { key: 'login', caption: 'Die Anmeldeseite.' },
                { key: 'new-password', caption: 'Erste Anmeldung: das eigene Passwort wählen.' },
                {
                  key: 'consent',
                  caption: 'Die Einwilligung zum Datenschutz, die nur einmal abgefragt wird.',
                },
              ],
            },
            {
              tip: 'Passwort vergessen? Klicken Sie unter dem Formular auf <strong>Passwort vergessen?</strong>: Sie erhalten per E-Mail einen Bestätigungscode, mit dem Sie ein neues Passwort festlegen.',
            },
          ],
        },
        {
          id: 'account',
          title: 'Sprache und Kontoeinstellungen',
          blocks: [
            {
              p: 'Das Profilmenü oben rechts zeigt, mit welchem Konto Sie angemeldet sind. Es führt zu den Kontoeinstellungen, zur Wahl der Sprache (Français, English, Deutsch, Lëtzebuergesch) und zur Abmeldung. Die gewählte Sprache gilt auch für die E-Mails und SMS, die Ihnen die Plattform schickt.',
            },
            { shots: [{ key: 'user-menu', caption: 'Das Profilmenü und die Wahl der Sprache.' }] },
            {
              p: 'Unter <strong>Kontoeinstellungen</strong> aktualisieren Sie die Angaben Ihrer Agentur, ändern Ihr Passwort und fügen das <strong>Logo</strong> der Agentur hinzu (PNG oder JPEG).',
            },
            { shots: [{ key: 'profile', caption: 'Die Kontoeinstellungen.' }] },
            {
              note: 'Ohne Logo können Sie keine Anfragen mit <strong>fortgeschrittener</strong> Signatur senden: Es erscheint im Stempel jeder Unterschrift.',
            },
          ],
        },
        {
          id: 'dashboard',
          title: 'Die Übersicht',
          blocks: [
            {
              p: 'Nach der Anmeldung fasst die Übersicht Ihre Tätigkeit zusammen: die Abschlussquote (unterschriebene Anfragen im Verhältnis zu allen Anfragen), die Zahl der unterschriebenen, laufenden und stornierten Anfragen, die Aufteilung zwischen einfacher und fortgeschrittener Signatur, die in diesem Monat abgeschlossenen Anfragen und ein Diagramm der letzten zwölf Monate.',
            },
            {
              p: 'Die Karte <strong>Kosten für …</strong> (zum Beispiel „Kosten für November“) zeigt den Betrag des laufenden Monats ohne MwSt., berechnet nach der Preisliste der Kammer (Anfragen und versendete SMS). Das Menü <strong>Kosten</strong> zeigt jeden Monat im Detail und bietet die Abrechnung als CSV-Datei zum Herunterladen an.',
            },
            {
              shots: [
                { key: 'dashboard', caption: 'Die Übersicht eines Mitglieds mit den Kosten des Monats.' },
              ],
            },
          ],
        },
        {
          id: 'requests',
          title: 'Die Liste der Anfragen',
          blocks: [
            {
              p: 'Das Menü <strong>Signaturen</strong> listet alle Ihre Anfragen auf, die neuesten zuerst, mit ihrem Status: <strong>In Bearbeitung</strong>, <strong>Unterschrieben</strong>, <strong>Storniert</strong>, <strong>Abgelehnt</strong> (ein Unterzeichner hat die Unterschrift abgelehnt) oder <strong>Abgelaufen</strong> (die Frist ist verstrichen). Das Suchfeld findet eine Anfrage über ihren Titel oder den Namen eines Unterzeichners. Ein Klick auf eine Zeile öffnet die Details.',
            },
            { shots: [{ key: 'list', caption: 'Die Liste der Signaturanfragen.' }] },
          ],
        },
        {
          id: 'wizard',
          title: 'Eine Signaturanfrage erstellen',
          blocks: [
            {
              p: 'Klicken Sie auf <strong>Neue Signaturanfrage</strong>. Ein Assistent führt Sie in fünf Schritten durch die Anfrage; mit <strong>Zurück</strong> kehren Sie zum vorherigen Schritt zurück, ohne etwas zu verlieren, und jeder erledigte Schritt bleibt in der Leiste oben anklickbar.',
            },
            { h: 'Schritt 1: das Dokument' },
            {
              steps: [
                'Wählen Sie <strong>Eigenes PDF hochladen</strong> und legen Sie die Datei ab oder klicken Sie auf <strong>PDF-Datei auswählen</strong> (nur PDF, höchstens 10 MB).',
                'Oder wählen Sie <strong>Zertifizierte Vorlage ausfüllen</strong> und eine Vorlage: In einem zusätzlichen Schritt füllen Sie deren Angaben aus, und das Dokument wird erzeugt.',
                'Warten Sie auf die Meldung „… ist bereit“: Die Plattform hat das PDF geprüft und seine Seiten gezählt. Klicken Sie auf <strong>Weiter</strong>.',
              ],
            },
            {
              shots: [
                { key: 'wizard-template', caption: 'Die zertifizierten Vorlagen der Kammer.' },
                { key: 'wizard-document', caption: 'Ein hochgeladenes und geprüftes PDF.' },
              ],
            },
            {
              note: 'Ein passwortgeschütztes oder bereits elektronisch signiertes PDF wird abgelehnt: Laden Sie eine ungeschützte Fassung hoch.',
            },
            { h: 'Eine zertifizierte Vorlage ausfüllen' },
            {
              p: 'Das Formular der Vorlage wird abschnittsweise angezeigt; fügen Sie so viele Verkäufer, Käufer, Lose oder Parzellen hinzu wie nötig. Jede Angabe wird bereits bei der Eingabe geprüft (Identifikationsnummer, Mehrwertsteuernummer, RCS, Postleitzahl, IBAN, Katasterbezeichnung). Neben dem Formular wird die Vorschau des Dokuments kurz nach jeder Änderung aktualisiert. Ihre Eingaben werden eine Woche lang als Entwurf auf diesem Computer aufbewahrt: Wird die Seite neu geladen, machen Sie dort weiter, wo Sie waren, oder klicken Sie auf <strong>Entwurf verwerfen und neu beginnen</strong>. Die Vorlagen und die erzeugten Dokumente sind auf Französisch.',
            },
            {
              shots: [
                {
                  key: 'wizard-details',
                  caption: 'Das Formular eines Kaufvorvertrags und die Vorschau des Dokuments.',
                },
              ],
            },
            {
              tip: 'Das erzeugte Dokument hat seine Unterschriftsfelder unten auf der letzten Seite, eines je Partei. Im Schritt „Platzierung“ sind die Unterzeichner dort bereits in der Reihenfolge der Parteien platziert: Erfassen Sie sie in dieser Reihenfolge.',
            },
            { h: 'Schritt 2: die Unterzeichner' },
            {
              steps: [
                'Geben Sie für jeden Unterzeichner Vor- und Nachnamen, E-Mail-Adresse und Mobilnummer ein. Mit <strong>Unterzeichner hinzufügen</strong> fügen Sie weitere hinzu (höchstens 50).',
                'Prüfen Sie die unter dem Feld angezeigte Nummer: Dorthin wird der Signaturcode geschickt. Ohne Ländervorwahl gilt die Nummer als luxemburgisch (+352).',
                'Ändern Sie die Reihenfolge mit den Pfeilen oder durch Ziehen am Griff: Sie zählt, wenn die Unterzeichner nacheinander unterschreiben.',
              ],
            },
            {
              shots: [
                { key: 'wizard-signatories', caption: 'Zwei Unterzeichner, jeder mit eigener Mobilnummer.' },
              ],
            },
            { h: 'Schritt 3: Position der Unterschriften' },
            {
              p: 'Wählen Sie für jeden Unterzeichner die Seite und die Ecke, in der seine Unterschrift erscheint. Die Vorschau zeigt die nummerierten Rahmen; ein Klick auf eine Ecke der Seite setzt den ausgewählten Unterzeichner dorthin. <strong>Positionen zurücksetzen</strong> löscht die Auswahl, die Unterzeichner bleiben erhalten.',
            },
            {
              shots: [
                { key: 'wizard-placement', caption: 'Die Unterschriften unten auf der letzten Seite.' },
              ],
            },
            { h: 'Schritt 4: Optionen' },
            {
              p: 'Wählen Sie die <strong>Signaturart</strong>, die <strong>Reihenfolge der Unterschriften</strong>, die Größe der Unterschriften, Seite und Größe des Siegels der Kammer, den <strong>Titel</strong> der Anfrage (den die Unterzeichner in ihrer Einladung sehen) und die Sprache der Einladungen.',
            },
            {
              steps: [
                '<strong>Einfache Signatur</strong>: Jeder Unterzeichner liest das Dokument, gibt seine Zustimmung und bestätigt mit einem per SMS erhaltenen Code. Sie eignet sich für die meisten alltäglichen Dokumente (Identifizierungsbögen, Aufträge).',
                '<strong>Fortgeschrittene Signatur</strong>: Zusätzlich wird für diese eine Unterschrift ein Zertifikat auf den Namen des Unterzeichners ausgestellt. Sie wird für wichtige Verpflichtungen wie einen Kaufvorvertrag empfohlen und setzt das Logo Ihrer Agentur voraus.',
                '<strong>Gleichzeitig</strong>: Alle Unterzeichner werden auf einmal eingeladen. <strong>Nacheinander</strong>: Jeder wird eingeladen, sobald der vorherige unterschrieben hat.',
              ],
            },
            {
              shots: [
                { key: 'wizard-options', caption: 'Die Optionen der Anfrage.' },
                {
                  key: 'wizard-guide',
                  caption: 'Der Leitfaden zu den Signaturarten, falls Sie unsicher sind.',
                },
              ],
            },
            {
              note: 'Keine der beiden Arten ist einer handschriftlichen Unterschrift gleichgestellt: Diese Wirkung hat nur eine qualifizierte Signatur (Verordnung (EU) Nr. 910/2014, Artikel 25).',
            },
            { h: 'Schritt 5: prüfen und senden' },
            {
              p: 'Lesen Sie die Zusammenfassung durch. Der Link <strong>Bearbeiten</strong> jedes Abschnitts führt zum entsprechenden Schritt zurück. Klicken Sie dann auf <strong>Anfrage senden</strong>: Jeder Unterzeichner erhält seine Einladung per E-Mail (bei der Reihenfolge „Nacheinander“ zunächst nur der erste).',
            },
            { shots: [{ key: 'wizard-review', caption: 'Die Zusammenfassung vor dem Senden.' }] },
          ],
        },
        {
          id: 'follow-up',
          title: 'Anfragen verfolgen und erinnern',
          blocks: [
            {
              p: 'Die Detailseite zeigt die Zusammenfassung der Anfrage, die Unterzeichner mit ihrem Status (<strong>Eingeladen</strong>, <strong>Wartet, bis er an der Reihe ist</strong>, <strong>Unterschrieben</strong>, mit Datum und Ort der Unterschrift) und das <strong>Prüfprotokoll</strong>: jedes Ereignis (Erstellung, Ansicht, Code gesendet, Unterschrift, Versiegelung) mit Urheber und Uhrzeit. Der Hinweis „Prüfkette intakt“ bestätigt, dass kein Ereignis geändert oder gelöscht wurde.',
            },
            {
              steps: [
                'Klicken Sie auf <strong>Unterzeichner erinnern</strong>, um die Einladung erneut an alle zu senden, die noch nicht unterschrieben haben.',
                'Die Schaltfläche zeigt danach einen Countdown („Erinnern in …“): Eine weitere Erinnerung ist erst nach Ablauf dieser Frist möglich, standardmäßig nach einer Stunde.',
                'Solange niemand unterschrieben hat, können Sie die Anfrage mit <strong>Bearbeiten</strong> korrigieren; <strong>Anfrage stornieren</strong> beendet sie nach einer Bestätigung endgültig.',
                'Jede Anfrage hat eine Frist („Zu unterschreiben bis“): standardmäßig 30 Tage nach dem Versand oder die im Assistenten gewählte Dauer. Solange sie nicht verstrichen ist, verschiebt <strong>Frist verlängern</strong> sie um einige Tage. Danach ist die Anfrage <strong>Abgelaufen</strong>, und Sie werden per E-Mail informiert.',
                'Lehnt ein Unterzeichner die Unterschrift ab, ist die Anfrage <strong>Abgelehnt</strong>: Die Details zeigen, wer wann und aus welchem Grund abgelehnt hat, und der Grund wird Ihnen per E-Mail gesendet. Eine abgelehnte oder abgelaufene Anfrage wird nicht berechnet, abgesehen von den gesendeten SMS.',
              ],
            },
            { shots: [{ key: 'details', caption: 'Die Details einer Anfrage nach einer Erinnerung.' }] },
            {
              tip: 'Erinnern Sie nicht zu früh: Die Plattform erinnert Unterzeichner auch automatisch, wenn sie nach einigen Tagen (standardmäßig drei) noch nicht unterschrieben haben.',
            },
          ],
        },
        {
          id: 'download',
          title: 'Das unterschriebene Dokument herunterladen',
          blocks: [
            {
              p: 'Sobald alle Unterzeichner unterschrieben haben, versiegelt die Kammer das endgültige Dokument: Es enthält die Unterschriften, eine Nachweisseite und das Ereignisprotokoll. Der Status wechselt zu <strong>Unterschrieben</strong>, und in den Details erscheint die Schaltfläche <strong>Unterschriebenes Dokument herunterladen</strong>.',
            },
            {
              shots: [
                { key: 'details-signed', caption: 'Eine von allen unterschriebene Anfrage.' },
                { key: 'download', caption: 'Der Download beginnt sofort.' },
              ],
            },
            {
              tip: 'Jeder kann ein unterschriebenes Dokument auf der öffentlichen Prüfseite (/sign/verify) kontrollieren: Sie zeigt, ob das Siegel der Plattform vorhanden ist und ob das Dokument seither verändert wurde.',
            },
          ],
        },
      ],
    },
    {
      title: 'Für Unterzeichner',
      intro:
        'Dieser Teil richtet sich an Personen, die zur Unterschrift eines Dokuments eingeladen wurden. Sie brauchen kein Konto: Ein persönlicher Link per E-Mail und Ihr Mobiltelefon genügen. Die Unterschrift funktioniert am Computer ebenso wie auf dem Smartphone.',
      chapters: [
        {
          id: 'reading',
          title: 'Die Einladung öffnen und das Dokument lesen',
          blocks: [
            {
              steps: [
                'Öffnen Sie die Einladungs-E-Mail und klicken Sie auf den Link zur Unterschrift. Der Link ist persönlich: Leiten Sie ihn nicht weiter.',
                'Die Seite zeigt den Titel der Anfrage, das Dokument und die Agentur, die es geschickt hat. Wählen Sie bei Bedarf oben auf der Seite Ihre Sprache.',
                'Lesen Sie das Dokument mit den Seitenschaltflächen und dem Zoom bis zum Ende und tippen Sie dann auf <strong>Unterschreiben</strong>. Die Schaltfläche wird verfügbar, sobald das Dokument angezeigt wird; kann es nicht angezeigt werden, sagt die Seite das und bietet an, es erneut zu versuchen oder herunterzuladen.',
              ],
            },
            {
              shots: [
                { key: 'sign-reading', caption: 'Das zu unterschreibende Dokument auf dem Smartphone.' },
              ],
            },
            {
              note: 'Sie möchten nicht unterschreiben? Tippen Sie unter der Zusammenfassung auf <strong>Unterschrift ablehnen</strong> und geben Sie einen Grund an: Der Absender erhält ihn, und die Anfrage wird für alle geschlossen. Die Seite zeigt auch die Frist zum Unterschreiben; danach kann mit dem Link nicht mehr unterschrieben werden.',
            },
            {
              note: 'Zeigt die Seite „Sie sind noch nicht an der Reihe“, wird das Dokument in einer festen Reihenfolge unterschrieben: Sie erhalten eine weitere E-Mail, sobald Sie an der Reihe sind.',
            },
          ],
        },
        {
          id: 'consents',
          title: 'Ort der Unterzeichnung und Einwilligungen',
          blocks: [
            {
              steps: [
                'Prüfen Sie Ihre Mobilnummer: Dorthin wird der Code geschickt. Gehört sie nicht Ihnen, unterschreiben Sie nicht und wenden Sie sich an den Absender.',
                'Geben Sie den Ort an, an dem Sie unterschreiben, zum Beispiel „Luxemburg“.',
                'Setzen Sie die vier Häkchen: Nutzungsbedingungen, Mobilnummer, Lesen des Dokuments und rechtliche Wirkung der Unterschrift.',
                'Tippen Sie auf <strong>Code senden</strong>.',
              ],
            },
            {
              shots: [
                { key: 'sign-identity', caption: 'Schritt 1: Mobilnummer und Ort.' },
                { key: 'sign-consents', caption: 'Die Einwilligungen, dann das Senden des Codes.' },
              ],
            },
          ],
        },
        {
          id: 'code',
          title: 'Der Code per SMS',
          blocks: [
            {
              steps: [
                'Sie erhalten per SMS einen Code aus 8 Buchstaben und Ziffern. Geben Sie ihn ohne Leerzeichen ein (Kleinbuchstaben werden akzeptiert).',
                'Tippen Sie auf <strong>Bestätigen</strong>. Ein falscher Code führt zu einer Meldung unter dem Feld: Korrigieren Sie ihn und versuchen Sie es erneut.',
              ],
            },
            { shots: [{ key: 'sign-code', caption: 'Schritt 2: der Bestätigungscode.' }] },
            { h: 'Der Code kommt nicht an?' },
            {
              steps: [
                'Warten Sie ein bis zwei Minuten und prüfen Sie, ob Ihr Telefon Empfang hat.',
                'Nach zwei Minuten wird die Schaltfläche <strong>Code erneut senden</strong> aktiv: Ein neuer Code ersetzt den alten.',
                'Ist die angezeigte Nummer falsch, tippen Sie auf <strong>Meine Angaben ändern</strong> und wenden Sie sich an die Agentur, die Sie eingeladen hat.',
                'Die Zahl der Codes pro Tag ist begrenzt, und nach zu vielen falschen Codes wird die Unterschrift gesperrt: Bitten Sie dann den Absender, Ihnen eine neue Einladung zu schicken.',
              ],
            },
          ],
        },
        {
          id: 'signed',
          title: 'Dokument unterschrieben',
          blocks: [
            {
              p: 'Nach der Bestätigung des Codes ist Ihre Unterschrift gespeichert. Sobald alle Unterzeichner unterschrieben haben, versiegelt die Kammer das Dokument: Sie können es dann auf derselben Seite herunterladen, und es wird Ihnen zusätzlich per E-Mail zugeschickt.',
            },
            {
              shots: [
                { key: 'sign-done', caption: 'Die Unterschrift ist gespeichert.' },
                { key: 'sign-result', caption: 'Das endgültige Dokument ist verfügbar.' },
              ],
            },
            {
              tip: 'Bewahren Sie das unterschriebene PDF auf: Es enthält alle Nachweise der Unterschrift und kann jederzeit auf der Prüfseite der Plattform kontrolliert werden.',
            },
          ],
        },
      ],
    },
  ],
};
