import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ContentInfo, SignedData } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';
import { DEVELOPMENT_PKI_FILES, ensureDevelopmentPki } from './development-pki';
import { DEVELOPMENT_TIMESTAMP_POLICY_OID, LocalTimestampAuthority } from './local-timestamp-authority';
import { OID } from './oids';
import { TimestampAuthorityError } from './timestamp-authority';
import { PkiFailureInfo, PkiStatus, decodeTimestampResponse } from './timestamp-protocol';

/** Runs openssl; `stdout` holds both streams because `ts -verify` reports on either. */
function openssl(args: string[]): { status: number | null; stdout: string } {
  const result = spawnSync('openssl', args, { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout + result.stderr };
}

function signedDataOf(token: Buffer): SignedData {
  return AsnConvert.parse(AsnConvert.parse(token, ContentInfo).content, SignedData);
}

describe('LocalTimestampAuthority', () => {
  let workDir: string;
  let rootPem: string;
  let tsaPem: string;
  let dataFile: string;
  let authority: LocalTimestampAuthority;
  const file = (name: string): string => path.join(workDir, name);

  /** `openssl ts -query` for the data file, answered by the authority; returns the request and response paths. */
  async function requestWithOpenssl(
    name: string,
    extraQueryArgs: string[],
  ): Promise<{ query: string; reply: string }> {
    const query = file(`${name}.tsq`);
    const reply = file(`${name}.tsr`);
    const made = openssl(['ts', '-query', '-data', dataFile, ...extraQueryArgs, '-out', query]);
    expect(made.status).toBe(0);
    await writeFile(reply, await authority.handleTimestampRequest(await readFile(query)));
    return { query, reply };
  }

  function verifyReply(reply: string, evidence: string[]): { status: number | null; stdout: string } {
    return openssl(['ts', '-verify', ...evidence, '-in', reply, '-CAfile', rootPem, '-untrusted', tsaPem]);
  }

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'local-tsa-'));
    const material = await ensureDevelopmentPki(path.join(workDir, 'pki'));
    rootPem = path.join(material.directory, DEVELOPMENT_PKI_FILES.rootCertificate);
    tsaPem = path.join(material.directory, DEVELOPMENT_PKI_FILES.timestampingCertificate);
    dataFile = file('contract.pdf');
    await writeFile(dataFile, '%PDF-1.7 a contract worth time-stamping\n');
    authority = new LocalTimestampAuthority(material.timestamping);
  });

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('answers an openssl query with a token that openssl ts -verify accepts for the data', async () => {
    const { query, reply } = await requestWithOpenssl('granted', ['-sha256', '-cert']);
    expect(verifyReply(reply, ['-data', dataFile]).stdout).toContain('Verification: OK');
    expect(verifyReply(reply, ['-queryfile', query]).stdout).toContain('Verification: OK');
  });

  it('echoes the nonce and states the development policy, one-second accuracy and the TSA name', async () => {
    const { query, reply } = await requestWithOpenssl('details', ['-sha512', '-cert']);
    const requestText = openssl(['ts', '-query', '-in', query, '-text']).stdout;
    const replyText = openssl(['ts', '-reply', '-in', reply, '-text']).stdout;
    const nonce = /Nonce: (0x[0-9A-F]+)/.exec(requestText)?.[1];
    expect(nonce).toBeDefined();
    expect(replyText).toContain(`Nonce: ${nonce}`);
    expect(replyText).toContain('Status: Granted.');
    expect(replyText).toContain(`Policy OID: ${DEVELOPMENT_TIMESTAMP_POLICY_OID}`);
    expect(replyText).toContain('Accuracy: 0x01 seconds, unspecified millis, unspecified micros');
    expect(replyText).toMatch(/TSA: DirName:.*CN ?= ?eSign Development Time-Stamping Authority/);
    expect(replyText).toMatch(/Time stamp: \w{3} +\d+ \d\d:\d\d:\d\d \d{4} GMT/);
  });

  it('lets openssl detect that the data was changed after time-stamping', async () => {
    const { reply } = await requestWithOpenssl('tampered', ['-sha256', '-cert']);
    const tamperedFile = file('contract-tampered.pdf');
    await writeFile(tamperedFile, '%PDF-1.7 a contract worth time-stamping!\n');
    const verification = verifyReply(reply, ['-data', tamperedFile]);
    expect(verification.status).not.toBe(0);
    expect(verification.stdout).toContain('Verification: FAILED');
    expect(verification.stdout).toContain('message imprint mismatch');
  });

  it('leaves the certificate out when the request does not ask for it (RFC 3161 certReq)', async () => {
    const { query, reply } = await requestWithOpenssl('no-cert', ['-sha256']);
    const token = decodeTimestampResponse(await readFile(reply)).token as Buffer;
    expect(signedDataOf(token).certificates).toBeUndefined();
    expect(verifyReply(reply, ['-queryfile', query]).stdout).toContain('Verification: OK');
  });

  it('time-stamps an imprint through the port with content-type, message-digest and signing-certificate-v2 only', async () => {
    const digest = createHash('sha256').update('document bytes').digest();
    const token = await authority.timestamp({ hashAlgorithmOid: OID.sha256, hashedMessage: digest });
    await writeFile(file('port.tst'), token);
    const verification = openssl([
      'ts',
      '-verify',
      '-digest',
      digest.toString('hex'),
      '-token_in',
      '-in',
      file('port.tst'),
      '-CAfile',
      rootPem,
      '-untrusted',
      tsaPem,
    ]);
    expect(verification.stdout).toContain('Verification: OK');
    const signedData = signedDataOf(token);
    expect(signedData.encapContentInfo.eContentType).toBe(OID.tstInfo);
    expect(signedData.certificates).toHaveLength(1);
    const attributeTypes = signedData.signerInfos[0]?.signedAttrs?.map((attribute) => attribute.attrType);
    expect(attributeTypes?.sort()).toEqual(
      [OID.contentTypeAttribute, OID.messageDigestAttribute, OID.signingCertificateV2Attribute].sort(),
    );
  });

  it('gives every token its own serial number', async () => {
    const imprint = { hashAlgorithmOid: OID.sha256, hashedMessage: Buffer.alloc(32, 7) };
    const serials = await Promise.all(
      [1, 2, 3].map(async (index) => {
        await writeFile(file(`serial-${index}.tst`), await authority.timestamp(imprint));
        const text = openssl([
          'ts',
          '-reply',
          '-token_in',
          '-in',
          file(`serial-${index}.tst`),
          '-text',
        ]).stdout;
        return /Serial number: (0x[0-9A-F]+)/.exec(text)?.[1];
      }),
    );
    expect(new Set(serials).size).toBe(3);
  });

  it('refuses an unsupported digest through the port with a TimestampAuthorityError', async () => {
    const sha1 = { hashAlgorithmOid: OID.sha1, hashedMessage: Buffer.alloc(20) };
    await expect(authority.timestamp(sha1)).rejects.toBeInstanceOf(TimestampAuthorityError);
    const shortSha256 = { hashAlgorithmOid: OID.sha256, hashedMessage: Buffer.alloc(20) };
    await expect(authority.timestamp(shortSha256)).rejects.toThrow('not 20');
  });

  it.each([
    ['an empty body', Buffer.alloc(0)],
    ['text', Buffer.from('not a time-stamp request')],
    ['a truncated request', Buffer.from('3082012c0201', 'hex')],
    ['a DER sequence of the wrong shape', Buffer.from('3003020101', 'hex')],
  ])('answers %s with a rejection for bad data format instead of throwing', async (_case, body) => {
    const response = decodeTimestampResponse(await authority.handleTimestampRequest(body));
    expect(response).toMatchObject({ status: PkiStatus.rejection, failures: [PkiFailureInfo.badDataFormat] });
    expect(response.token).toBeUndefined();
  });

  it('rejects trailing bytes after a valid request', async () => {
    const { query } = await requestWithOpenssl('trailing', ['-sha256']);
    const padded = Buffer.concat([await readFile(query), Buffer.from([0])]);
    const response = decodeTimestampResponse(await authority.handleTimestampRequest(padded));
    expect(response.failures).toEqual([PkiFailureInfo.badDataFormat]);
  });

  it('rejects SHA-1 with badAlg in a response openssl can read', async () => {
    const { reply } = await requestWithOpenssl('sha1', ['-sha1']);
    const response = decodeTimestampResponse(await readFile(reply));
    expect(response).toMatchObject({ status: PkiStatus.rejection, failures: [PkiFailureInfo.badAlg] });
    const text = openssl(['ts', '-reply', '-in', reply, '-text']).stdout;
    expect(text).toContain('Status: Rejected');
    expect(text).toContain('unrecognized or unsupported algorithm identifier');
  });

  it('rejects a policy it does not offer with unacceptedPolicy', async () => {
    const { reply } = await requestWithOpenssl('policy', ['-sha256', '-tspolicy', '1.2.3.4.5']);
    const response = decodeTimestampResponse(await readFile(reply));
    expect(response).toMatchObject({
      status: PkiStatus.rejection,
      failures: [PkiFailureInfo.unacceptedPolicy],
    });
  });
});
