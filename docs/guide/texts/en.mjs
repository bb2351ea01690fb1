// User guide in English. The `ui` labels are the interface's own.
export default {
  htmlLang: 'en',
  intl: 'en-GB',
  ui: {
    back: 'Back',
    sign: 'Sign',
    validate: 'Validate',
    close: 'Close',
    signedReady: 'The final signed document is available.',
    next: 'Next',
    send: 'Send the request',
    addSignatory: 'Add a signatory',
    documentReady: '“pdflatex-4-pages.pdf” is ready: 4 pages.',
    corners: { 'bottom-left': 'Bottom left', 'bottom-right': 'Bottom right' },
    sequence: 'Sequential',
    typesGuide: 'Signature-type guide',
    remind: 'Remind the signatories',
    remindWait: /^Remind in /,
    download: 'Download the signed document',
  },
  sample: {
    signedTitle: 'Sales agreement – 12 rue de la Gare',
    signatory: { name: 'Anne Muller', email: 'anne.muller.en@example.lu', mobile: '+352621987651' },
    location: 'Luxembourg',
    wizardTitle: 'Sales mandate – 3 rue Haute',
    wizardSignatories: [
      { name: 'Paul Schmit', email: 'paul.schmit@example.lu', mobile: '621 234 567' },
      { name: 'Léa Weber', email: 'lea.weber@example.lu', mobile: '+352 691 987 654' },
    ],
  },
  cover: {
    brand: 'CIGDL e-Signature',
    title: 'User guide',
    subtitle: 'The Real Estate Chamber’s electronic signature platform',
    audience: 'For member agencies and for the people they invite to sign',
    edition: 'Edition of',
  },
  labels: { toc: 'Contents', page: 'Page', of: 'of', tip: 'Tip:', note: 'Good to know:' },
  parts: [
    {
      title: 'For members',
      intro:
        'This part is for the member agencies of the Real Estate Chamber. It follows the order in which you will use the platform: first sign-in, dashboard, creating a signature request, following it up and downloading the signed document. Open the platform in an up-to-date browser (Chrome, Edge, Firefox or Safari) on a computer.',
      chapters: [
        {
          id: 'first-sign-in',
          title: 'Signing in for the first time',
          blocks: [
            {
              p: 'The Chamber creates your account and sends you a welcome e-mail with a <strong>temporary password</strong>. When you first sign in, you replace it with your own password and accept the data-protection policy.',
            },
            {
              steps: [
                'Open the platform’s address, enter your <strong>email address</strong> and the temporary password, then click <strong>Sign in</strong>.',
                'Choose your password: 8 to 50 characters with at least one lower-case letter, one upper-case letter and one digit. Type it twice, then click <strong>Save and continue</strong>.',
                'Read the terms of use and the privacy policy, confirm that the mobile number shown is yours, tick both boxes and click <strong>Agree and continue</strong>.',
              ],
            },
            {
              shots: [
                { key: 'login', caption: 'The sign-in screen.' },
                { key: 'new-password', caption: 'First sign-in: choosing your own password.' },
                { key: 'consent', caption: 'The data-protection consent, asked for only once.' },
              ],
            },
            {
              tip: 'Forgotten your password? Click <strong>Forgot your password?</strong> below the form: a verification code is e-mailed to you so you can choose a new one.',
            },
          ],
        },
        {
          id: 'account',
          title: 'Language and account settings',
          blocks: [
            {
              p: 'The profile menu at the top right shows which account you are signed in with. It leads to the account settings, the choice of language (Français, English, Deutsch, Lëtzebuergesch) and signing out. The language you choose is also used for the e-mails and text messages the platform sends you.',
            },
            { shots: [{ key: 'user-menu', caption: 'The profile menu and the language choice.' }] },
            {
              p: 'In <strong>Account settings</strong> you update your agency’s details, change your password and add the agency’s <strong>logo</strong> (PNG or JPEG).',
            },
            { shots: [{ key: 'profile', caption: 'The account settings.' }] },
            {
              note: 'The logo is required to send <strong>advanced</strong> signature requests: it appears in the stamp of every signature.',
            },
          ],
        },
        {
          id: 'dashboard',
          title: 'The dashboard',
          blocks: [
            {
              p: 'After signing in, the dashboard sums up your activity: the completion rate (signed requests out of all your requests), the number of signed, in-progress and cancelled requests, the split between simple and advanced signatures, the requests completed this month and a chart of the last twelve months.',
            },
            {
              p: 'The <strong>Costs for …</strong> card (for example “Costs for November”) shows the current month’s amount excluding VAT, worked out from the Chamber’s price list (requests and text messages sent). The <strong>Costs</strong> menu gives the details of each month and lets you download the statement as a CSV file.',
            },
            { shots: [{ key: 'dashboard', caption: 'A member’s dashboard, with the month’s costs.' }] },
          ],
        },
        {
          id: 'requests',
          title: 'The list of requests',
          blocks: [
            {
              p: 'The <strong>Signatures</strong> menu lists all your requests, newest first, with their status: <strong>In progress</strong>, <strong>Signed</strong>, <strong>Cancelled</strong>, <strong>Declined</strong> (a signatory declined to sign) or <strong>Expired</strong> (the expiry date has passed). The search field finds a request by its title or by a signatory’s name. Click a row to open its details.',
            },
            { shots: [{ key: 'list', caption: 'The list of signature requests.' }] },
          ],
        },
        {
          id: 'wizard',
          title: 'Creating a signature request',
          blocks: [
            {
              p: 'Click <strong>New signature request</strong>. A wizard takes you through five steps; <strong>Back</strong> returns to the previous step without losing anything, and every completed step stays clickable in the bar at the top.',
            },
            { h: 'Step 1: the document' },
            {
              steps: [
                'Choose <strong>Upload my own PDF</strong>, then drop the file or click <strong>Choose a PDF file</strong> (PDF only, 10 MB at most).',
                'Or choose <strong>Fill in a certified template</strong> and pick a template: an extra step then asks for its details and generates the document.',
                'Wait for the “… is ready” message: the platform has checked the PDF and counted its pages. Click <strong>Next</strong>.',
              ],
            },
            {
              shots: [
                { key: 'wizard-template', caption: 'The Chamber’s certified templates.' },
                { key: 'wizard-document', caption: 'An uploaded PDF, checked and ready.' },
              ],
            },
            {
              note: 'A password-protected PDF, or one that already carries an electronic signature, is refused: upload an unprotected version.',
            },
            { h: 'Filling in a certified template' },
            {
              p: 'The template’s form is shown section by section; add as many sellers, buyers, lots or plots as needed. Each answer is checked as you type (national identification number, VAT number, RCS, postal code, IBAN, cadastral designation). Next to the form, the document preview is updated a moment after each change. What you type is kept as a draft on this computer for a week: if the page reloads, you continue where you were, or click <strong>Discard the draft and start over</strong>. The templates and the documents they produce are in French.',
            },
            {
              shots: [
                { key: 'wizard-details', caption: 'The form of a sales agreement and the document preview.' },
              ],
            },
            {
              tip: 'The generated document has its signature areas at the bottom of its last page, one per party. At the placement step, the signatories are already placed there in the parties’ order: enter them in that order.',
            },
            { h: 'Step 2: the signatories' },
            {
              steps: [
                'For each signatory, enter the full name, the email address and the mobile number. Click <strong>Add a signatory</strong> to add another one (50 at most).',
                'Check the number shown under the mobile field: this is where the signing code will be sent. Without a country code, the number is taken as a Luxembourg number (+352).',
                'Change the order with the arrows or by dragging the handle: the order matters when signatories sign one after the other.',
              ],
            },
            {
              shots: [
                { key: 'wizard-signatories', caption: 'Two signatories, each with their own mobile number.' },
              ],
            },
            { h: 'Step 3: signature placement' },
            {
              p: 'For each signatory, choose the page and the corner where their signature will appear. The document preview shows the numbered frames; clicking a corner of the page places the selected signatory there. <strong>Reset placements</strong> clears the choices but keeps the signatories.',
            },
            {
              shots: [
                { key: 'wizard-placement', caption: 'Signatures placed at the bottom of the last page.' },
              ],
            },
            { h: 'Step 4: options' },
            {
              p: 'Choose the <strong>signature type</strong>, the <strong>signing order</strong>, the size of the signatures, the page and size of the Chamber’s seal, the request’s <strong>title</strong> (which signatories see in their invitation) and the language of the invitations.',
            },
            {
              steps: [
                '<strong>Simple signature</strong>: each signatory reads the document, gives their consent and confirms with a code received by text message. It suits most everyday documents (identification forms, mandates).',
                '<strong>Advanced signature</strong>: in addition, a certificate is issued in the signatory’s name for this one signature. It is recommended for important commitments such as a sales agreement, and requires your agency’s logo.',
                '<strong>Concurrent</strong>: all signatories are invited at the same time. <strong>Sequential</strong>: each one is invited once the previous one has signed.',
              ],
            },
            {
              shots: [
                { key: 'wizard-options', caption: 'The request’s options.' },
                { key: 'wizard-guide', caption: 'The signature-type guide, for when you are unsure.' },
              ],
            },
            {
              note: 'Neither type is equivalent to a handwritten signature: only a qualified signature has that effect (Regulation (EU) No 910/2014, Article 25).',
            },
            { h: 'Step 5: review and send' },
            {
              p: 'Read the summary through. The <strong>Edit</strong> link of each section takes you back to that step. Then click <strong>Send the request</strong>: every signatory receives an invitation by e-mail (in sequential order, only the first one does).',
            },
            { shots: [{ key: 'wizard-review', caption: 'The summary before sending.' }] },
          ],
        },
        {
          id: 'follow-up',
          title: 'Following a request and sending reminders',
          blocks: [
            {
              p: 'The details page shows the request’s summary, the signatories with their status (<strong>Invited</strong>, <strong>Waiting for their turn</strong>, <strong>Signed</strong>, with the date and place of signing) and the <strong>audit trail</strong>: every event (creation, viewing, code sent, signature, sealing) with who did it and when. “Audit chain intact” confirms that no event has been changed or deleted.',
            },
            {
              steps: [
                'Click <strong>Remind the signatories</strong> to send the invitation again to those who have not signed yet.',
                'The button then counts down (“Remind in …”): another reminder is possible only after that time, one hour by default.',
                'As long as nobody has signed, <strong>Edit</strong> lets you correct the request; <strong>Cancel the request</strong> stops it for good after a confirmation.',
                'Every request has an expiry date (“To be signed before”): 30 days after it is sent by default, or the time chosen in the wizard. Until it has passed, <strong>Extend the expiry date</strong> moves it a few days later. After it, the request is <strong>Expired</strong> and you are told by e-mail.',
                'If a signatory declines to sign, the request is <strong>Declined</strong>: the details say who declined, when and why, and the reason is e-mailed to you. A declined or expired request is not charged, except for the text messages sent.',
              ],
            },
            { shots: [{ key: 'details', caption: 'A request’s details after a reminder.' }] },
            {
              tip: 'There is no need to remind too early: the platform also reminds signatories automatically when they have not signed after a few days (three by default).',
            },
          ],
        },
        {
          id: 'download',
          title: 'Downloading the signed document',
          blocks: [
            {
              p: 'Once every signatory has signed, the Chamber seals the final document: it holds the signatures, an evidence page and the log of events. The status changes to <strong>Signed</strong> and the <strong>Download the signed document</strong> button appears on the details page.',
            },
            {
              shots: [
                { key: 'details-signed', caption: 'A request signed by everyone.' },
                { key: 'download', caption: 'The download starts straight away.' },
              ],
            },
            {
              tip: 'Anyone can check a signed document on the public verification page (/sign/verify): it tells whether the platform’s seal is present and whether the document has been changed since.',
            },
          ],
        },
      ],
    },
    {
      title: 'For signatories',
      intro:
        'This part is for the people invited to sign a document. You do not need an account: a personal link received by e-mail and your mobile phone are enough. Signing works on a computer as well as on a smartphone.',
      chapters: [
        {
          id: 'reading',
          title: 'Opening the invitation and reading the document',
          blocks: [
            {
              steps: [
                'Open the invitation e-mail and click the signing link. The link is personal: do not forward it.',
                'The page shows the request’s title, the document and the agency that sent it. If needed, choose your language at the top of the page.',
                'Read the document to the end using the page buttons and the zoom, then tap <strong>Sign</strong>. The button becomes available as soon as the document is displayed; if it cannot be, the page says so and offers to try again or to download it.',
              ],
            },
            { shots: [{ key: 'sign-reading', caption: 'The document to sign, on a smartphone.' }] },
            {
              note: 'You do not wish to sign? Tap <strong>Decline to sign</strong> under the summary and give a reason: the sender receives it and the request is closed for everyone. The page also shows the deadline for signing; after it, the link can no longer be used to sign.',
            },
            {
              note: 'If the page says “It is not your turn yet”, the document is signed in a set order: you will receive another e-mail when it is your turn.',
            },
          ],
        },
        {
          id: 'consents',
          title: 'Place of signing and consents',
          blocks: [
            {
              steps: [
                'Check your mobile number: the code will be sent to it. If it is not yours, do not sign and contact the sender.',
                'Enter the place where you are signing, for example “Luxembourg”.',
                'Tick the four consents: terms of use, mobile number, reading of the document and legal effect of the signature.',
                'Tap <strong>Send code</strong>.',
              ],
            },
            {
              shots: [
                { key: 'sign-identity', caption: 'Step 1: mobile number and place.' },
                { key: 'sign-consents', caption: 'The consents, then sending the code.' },
              ],
            },
          ],
        },
        {
          id: 'code',
          title: 'The code received by text message',
          blocks: [
            {
              steps: [
                'You receive a text message with a code of 8 letters and digits. Type it without spaces (lower case is accepted).',
                'Tap <strong>Validate</strong>. A wrong code shows a message under the field: correct it and try again.',
              ],
            },
            { shots: [{ key: 'sign-code', caption: 'Step 2: the confirmation code.' }] },
            { h: 'The code does not arrive?' },
            {
              steps: [
                'Wait a minute or two and check that your phone has network coverage.',
                'After two minutes the <strong>Resend code</strong> button becomes active: a new code replaces the old one.',
                'If the number shown is wrong, tap <strong>Edit my details</strong> and contact the agency that invited you.',
                'The number of codes per day is limited, and after too many wrong codes signing is blocked: ask the sender to send you a new invitation.',
              ],
            },
          ],
        },
        {
          id: 'signed',
          title: 'Document signed',
          blocks: [
            {
              p: 'Once the code is validated, your signature is recorded. When every signatory has signed, the Chamber seals the document: you can then download it from the same page, and it is also sent to you by e-mail.',
            },
            {
              shots: [
                { key: 'sign-done', caption: 'The signature is recorded.' },
                { key: 'sign-result', caption: 'The final document is available.' },
              ],
            },
            {
              tip: 'Keep the signed PDF: it contains all the evidence of the signature and can be checked at any time on the platform’s verification page.',
            },
          ],
        },
      ],
    },
  ],
};
