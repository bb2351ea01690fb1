import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestPki, type TestPki } from '../testing/pades-test-kit';
import { qualifiedStatementsOf } from './qualified-statements';
import { issueSignatoryCertificate } from './signatory-certificate';

describe('QcStatements', () => {
  let pki: TestPki;
  beforeAll(async () => {
    pki = await createTestPki();
  });
  afterAll(() => pki.cleanup());

  const issue = (qualified: boolean) =>
    issueSignatoryCertificate(pki.material.certificateAuthority, {
      commonName: 'Jean Qualifié',
      validityMinutes: 10,
      qualified,
    });

  it('a qualified certificate claims compliance, a QSCD and electronic signatures; others claim nothing', async () => {
    const qualified = await issue(true);
    expect(qualifiedStatementsOf(qualified.identity.certificateDer)).toEqual({
      qcCompliance: true,
      qcSscd: true,
      forSignatures: true,
    });
    const plain = await issue(false);
    expect(qualifiedStatementsOf(plain.identity.certificateDer)).toEqual({
      qcCompliance: false,
      qcSscd: false,
      forSignatures: false,
    });
    expect(qualifiedStatementsOf(pki.material.seal.certificateDer).qcCompliance).toBe(false);
  });

  it('is the extension OpenSSL reads as qcStatements, with the ETSI statement identifiers', async () => {
    const qualified = await issue(true);
    const directory = mkdtempSync(join(tmpdir(), 'qc-'));
    try {
      const file = join(directory, 'qualified.der');
      writeFileSync(file, qualified.identity.certificateDer);
      const text = execFileSync('openssl', ['asn1parse', '-inform', 'DER', '-in', file, '-i'], {
        encoding: 'utf8',
      });
      // The extension's identifier, then its statements inside the OCTET STRING.
      expect(text).toMatch(/qcStatements|1\.3\.6\.1\.5\.5\.7\.1\.3/);
      const inner = execFileSync(
        'openssl',
        ['asn1parse', '-inform', 'DER', '-in', file, '-i', '-strparse', offsetOfQc(text)],
        {
          encoding: 'utf8',
        },
      );
      for (const oid of ['0.4.0.1862.1.1', '0.4.0.1862.1.4', '0.4.0.1862.1.6', '0.4.0.1862.1.6.1']) {
        expect(inner).toContain(oid);
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('refuses what is not a certificate', () => {
    expect(() => qualifiedStatementsOf(Buffer.from('not a certificate'))).toThrow();
  });
});

/** The offset of the OCTET STRING that follows the qcStatements identifier in `openssl asn1parse` output. */
function offsetOfQc(text: string): string {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => /qcStatements|1\.3\.6\.1\.5\.5\.7\.1\.3/.test(line));
  const octets = lines.slice(at + 1).find((line) => line.includes('OCTET STRING'));
  const offset = /^\s*(\d+):/.exec(octets ?? '')?.[1];
  if (!offset) throw new Error(`no qcStatements value in:\n${text}`);
  return offset;
}
