import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { signPdf, readRevision } from '../pades';
import { FIXTURES_DIR, createTestPki, normalise, type TestPki } from '../testing/pades-test-kit';
import { issueCrl, issueSignatoryCertificate } from '../pki';
import {
  certificatesIn,
  collectValidationData,
  signatureContents,
  signaturesOf,
} from './validation-material';

/** Serves a CRL at /ca.crl, as DER or PEM. */
async function crlServer(crl: Buffer, pem: boolean): Promise<Server> {
  const body = pem
    ? Buffer.from(
        `-----BEGIN X509 CRL-----\n${crl.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END X509 CRL-----\n`,
      )
    : crl;
  const server = createServer((request, response) => {
    if (request.url === '/ca.crl') response.writeHead(200).end(body);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('validation material for the DSS', () => {
  let pki: TestPki;
  let document: Buffer;

  beforeAll(async () => {
    pki = await createTestPki();
    document = await normalise(readFileSync(join(FIXTURES_DIR, 'minimal-document.pdf')));
  });

  afterAll(async () => {
    await pki.cleanup();
  });

  async function signedBy(crlDistributionPointUrl?: string): Promise<{ pdf: Buffer; certificate: Buffer }> {
    const issued = await issueSignatoryCertificate(pki.material.certificateAuthority, {
      commonName: 'Anne Muller',
      validityMinutes: 15,
      ...(crlDistributionPointUrl ? { crlDistributionPointUrl } : {}),
    });
    const pdf = await signPdf(document, {
      signer: issued.identity,
      timestampAuthority: pki.timestampAuthority,
    });
    return { pdf, certificate: issued.identity.certificateDer };
  }

  it('takes every certificate of the signature and of its time-stamp token, and a CRL from a CA it holds', async () => {
    const { pdf, certificate } = await signedBy();
    expect(signatureContents(pdf)).toHaveLength(1);
    const { data, notes } = await collectValidationData(signatureContents(pdf), {
      issuers: [pki.material.certificateAuthority],
      extraCertificates: [],
    });
    const expected = [
      certificate,
      pki.material.timestamping.certificateDer,
      pki.material.certificateAuthority.certificateDer,
    ];
    for (const der of expected) expect(data.certificates.some((found) => found.equals(der))).toBe(true);
    expect(data.crls).toHaveLength(1);
    expect(notes).toEqual([]);
  });

  it('reads exactly the certificates of a signature and of its time-stamp token from the DER', async () => {
    const { pdf, certificate } = await signedBy();
    const [cms] = signatureContents(pdf);
    const found = certificatesIn(cms!);
    // The signatory's certificate and its CA, then the time-stamp token's TSA certificate (and its CA).
    expect(found[0]?.equals(certificate)).toBe(true);
    const known = [
      certificate,
      pki.material.certificateAuthority.certificateDer,
      pki.material.timestamping.certificateDer,
    ];
    for (const der of known) expect(found.some((item) => item.equals(der))).toBe(true);
    expect(found.every((der) => new X509Certificate(der).raw.equals(der))).toBe(true);
    // The same signature, found through the form's fields.
    const [fromFields] = signaturesOf(await readRevision(pdf));
    expect(fromFields?.equals(cms!)).toBe(true);
    // Not a CMS structure: nothing, rather than an error.
    expect(certificatesIn(Buffer.from('3003020101', 'hex'))).toEqual([]);
    expect(certificatesIn(Buffer.from('not DER'))).toEqual([]);
  });

  it.each([false, true])('fetches the CRL at a distribution point (PEM: %s)', async (pem) => {
    const crl = await issueCrl(pki.material.certificateAuthority);
    const server = await crlServer(crl, pem);
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ca.crl`;
      const { pdf } = await signedBy(url);
      const { data } = await collectValidationData(signatureContents(pdf), {
        issuers: [],
        extraCertificates: [],
      });
      expect(data.crls.some((found) => found.equals(crl))).toBe(true);
    } finally {
      server.close();
    }
  });

  it('says so when a certificate has no distribution point, or the CRL cannot be fetched', async () => {
    const { pdf } = await signedBy('http://127.0.0.1:9/unreachable.crl');
    const { data, notes } = await collectValidationData(signatureContents(pdf), {
      issuers: [],
      extraCertificates: [],
    });
    expect(data.crls).toEqual([]);
    expect(notes.some((note) => note.startsWith('the CRL at http://127.0.0.1:9 could not be fetched'))).toBe(
      true,
    );
    // The development time-stamping certificate names no distribution point.
    expect(notes).toContainEqual(
      expect.stringMatching(/^no CRL distribution point in .*Time-Stamping Authority/),
    );
  });
});
