// What the guide's screens need before a browser opens them: a price list, the member whose screens are
// shown, the uploaded sample document, and requests made through the API as the back office would make them.
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInThroughPool } from '../../e2e/harness.mjs';
import { client, createMember, createRequest, temporaryPassword, uploadPdf } from '../../e2e/product-api.mjs';

export { SAMPLE_PDF, invitationLink, smsCode } from '../../e2e/product-api.mjs';

/** The signature goes on the sample's last page, where its closing text is. */
export const SIGNATURE_PAGE = 4;

export const MEMBER = {
  name: 'Agence Belle-Vue',
  email: 'direction@agence-belle-vue.lu',
  password: 'Member-Passw0rd',
  mobile: '+352621000222',
};

/** Today in Luxembourg, as the price list's first day. */
function luxembourgToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Luxembourg' }).format(new Date());
}

/** The platform as the guide shows it: prices from today, one member with a few requests. */
export async function seedPlatform(url) {
  const adminToken = await signInThroughPool(url, ADMIN_EMAIL, ADMIN_PASSWORD);
  await client(url, adminToken).send('POST', '/api/billing/prices', {
    json: {
      effectiveFrom: luxembourgToday(),
      simpleRequestCents: 150,
      advancedRequestCents: 450,
      qualifiedRequestCents: 900,
      smsCents: 12,
      memberMonthlyFeeCents: 2500,
      vatRatePercent: 17,
    },
  });
  const member = await createMember(url, adminToken, MEMBER);
  const documentId = await uploadPdf(url, member.token);
  const cancelled = await createRequest(url, member.token, documentId, {
    title: 'Mandat de location – 8 avenue de la Liberté',
    signatory: { name: 'Marc Thill', email: 'marc.thill@example.lu', mobile: '+352661000301' },
    language: 'fr',
    page: SIGNATURE_PAGE,
  });
  await client(url, member.token).cancelSignatureRequest(cancelled.id);
  for (const [index, street] of ['5 rue du Fort', '21 route d’Arlon'].entries()) {
    await createRequest(url, member.token, documentId, {
      title: `Fiche d’identification – ${street}`,
      signatory: {
        name: `Client ${index + 1}`,
        email: `client${index + 1}@example.lu`,
        mobile: `+35266100031${index}`,
      },
      language: 'fr',
      page: SIGNATURE_PAGE,
    });
  }
  return { adminToken, member, documentId };
}

/** A member the administrator has just created: only the temporary password of the welcome e-mail. */
export async function createNewcomer(url, adminToken, newcomer) {
  await client(url, adminToken).createUser({
    name: newcomer.name,
    email: newcomer.email,
    mobile: newcomer.mobile,
    language: 'fr',
    additionalInfo: { company: { name: newcomer.name } },
  });
  return temporaryPassword(url, adminToken, newcomer.email);
}

/** Waits until the request's final document is sealed, so the download screens have something to show. */
export async function waitUntilSigned(url, token, requestId, timeoutMs = 120_000) {
  await client(url, token).waitForStatus(requestId, 'SIGNED', timeoutMs);
}
