import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { loadEnvironment } from '../../../config/app-config';
import {
  DEVELOPMENT_PKI_FILES as FILES,
  LocalTimestampAuthority,
  certificatesIn,
  signatureContents,
} from '@esign/pdf-signing';
import {
  FIXTURES_DIR,
  checkSignedPdf,
  createTestPki,
  normalise,
  type TestPki,
} from '@esign/pdf-signing/testing';
import { buildSealStamp } from '../seal-stamp';
import { type SealInput } from '../document-sealer';
import { auditAttachmentJson, buildAuditDocument } from './audit-report';
import type { AdvancedSignTask, SealTask } from './signing-task';
import { signatureBlockLines } from './signing-texts';
import { SigningWorkers } from './signing-workers';
import { largePdf } from './testing/large-pdf';

const PASSWORD = 'Sceau-€-2026';
const NOW = new Date();

function advancedTask(pdf: Buffer, name: string, slot: number): AdvancedSignTask {
  return {
    kind: 'advanced-sign',
    pdf,
    signatoryName: name,
    signatureSize: 'default',
    block: {
      placement: { page: 1, position: 'bottom-right', slot },
      lines: signatureBlockLines({ name, signedAt: NOW, location: 'Luxembourg' }, 'fr'),
    },
    reason: 'Signature électronique avancée',
    location: 'Luxembourg',
    signingTime: NOW,
  };
}

async function sealTask(pdf: Buffer, names: string[]): Promise<SealTask> {
  const input: SealInput = {
    source: pdf,
    requestId: '00000000-0000-4000-8000-000000000001',
    title: 'Compromis',
    documentName: 'compromis.pdf',
    language: 'fr',
    signingMode: 'ADVANCED',
    signatureSize: 'default',
    sealPage: 1,
    sealSize: 'default',
    layout: null,
    documentSha256: '0'.repeat(64),
    senderName: 'Agence',
    signatories: [],
    auditTrail: [],
    auditChainValid: true,
    ownerLogoPng: null,
    sealedAt: NOW,
  };
  return {
    kind: 'seal',
    pdf,
    audit: buildAuditDocument(input),
    attachment: {
      fileName: 'audit-trail.json',
      description: 'log',
      json: auditAttachmentJson(input),
      createdAt: NOW,
    },
    simpleBlocks: [],
    signatureSize: 'default',
    seal: {
      page: 1,
      size: 'default',
      stamp: await buildSealStamp({ chamberName: 'Chambre', caption: 'Cachet électronique', logoPng: null }),
      name: 'Chambre',
      reason: 'Cachet électronique',
      signingTime: NOW,
      avoid: names.map((_, slot) => ({ page: 1, position: 'bottom-right', slot })),
    },
  };
}

async function signThenSeal(workers: SigningWorkers, pdf: Buffer, names: string[]): Promise<Buffer> {
  let current = pdf;
  for (const [slot, name] of names.entries()) {
    const signed = await workers.run(advancedTask(current, name, slot));
    expect(signed.certificateSerial).toMatch(/^[0-9a-f]{32}$/);
    expect(signed.certificateFingerprint).toMatch(/^[0-9a-f]{64}$/);
    current = Buffer.from(signed.pdf);
  }
  const sealed = Buffer.from((await workers.run(await sealTask(current, names))).pdf);
  expect(sealed.subarray(0, pdf.length).equals(pdf)).toBe(true);
  return sealed;
}

function expectValid(pki: TestPki, name: string, pdf: Buffer, signatures: number): string {
  const file = join(pki.directory, name);
  writeFileSync(file, pdf);
  const result = checkSignedPdf(file, pki.caFile, signatures, 'B-LTA');
  if (!result.ok) throw new Error(result.output);
  return file;
}

/** An RFC 3161 service over HTTP, as a production TSA_URL would be. */
async function timestampServer(pki: TestPki): Promise<Server> {
  const authority = new LocalTimestampAuthority(pki.material.timestamping);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void authority.handleTimestampRequest(Buffer.concat(chunks)).then((reply) => {
        response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function exportPkcs12(pki: TestPki, name: string, certificate: string, key: string): string {
  const output = join(pki.directory, name);
  const at = (file: string): string => join(pki.material.directory, file);
  execFileSync(
    'openssl',
    ['pkcs12', '-export', '-inkey', at(key), '-in', at(certificate), '-out', output, '-passout', 'env:P12'],
    { env: { ...process.env, P12: PASSWORD }, stdio: 'ignore' },
  );
  return output;
}

describe('signing workers', () => {
  let pki: TestPki;
  let fixture: Buffer;
  const started: SigningWorkers[] = [];
  const workersFor = (config: ReturnType<typeof loadEnvironment>): SigningWorkers => {
    const workers = new SigningWorkers(config);
    started.push(workers);
    return workers;
  };
  jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

  beforeAll(async () => {
    pki = await createTestPki();
    fixture = await normalise(readFileSync(join(FIXTURES_DIR, 'libreoffice-form.pdf')));
  });

  afterAll(async () => {
    await Promise.all(started.map((workers) => workers.onApplicationShutdown()));
    await pki.cleanup();
  });

  it('with the development PKI: ADVANCED signatures and the seal make a valid B-LTA with the event log attached', async () => {
    const workers = workersFor(loadEnvironment({ DATA_DIR: pki.directory }));
    const sealed = await signThenSeal(workers, fixture, ['Łukasz Żółć', 'محمد علي']);
    const file = expectValid(pki, 'development.pdf', sealed, 3);
    const attachments = spawnSync('pdfdetach', ['-list', file], { encoding: 'utf8' }).stdout;
    expect(attachments).toContain('audit-trail.json');
    const saved = join(pki.directory, 'log.json');
    execFileSync('pdfdetach', ['-savefile', 'audit-trail.json', '-o', saved, file]);
    expect(JSON.parse(readFileSync(saved, 'utf8'))).toMatchObject({
      title: 'Compromis',
      chainVerified: true,
    });
  });

  it('with RSA-3072 signatory keys made ahead in the worker: still a valid B-LTA, one key per signature', async () => {
    const workers = workersFor(
      loadEnvironment({ DATA_DIR: pki.directory, SIGNATORY_KEY_TYPE: 'rsa-3072', SIGNATORY_KEYS_AHEAD: '2' }),
    );
    expect(workers.pki.signatoryKeys).toEqual({ type: 'rsa-3072', ahead: 2 });
    const names = ['Élodie Müller', 'Jean Weber', 'Anne Muller'];
    const sealed = await signThenSeal(workers, fixture, names);
    expectValid(pki, 'rsa-ahead.pdf', sealed, 4);
    // Each signatory's certificate (the first of each signature but the seal's) certifies a key of its own.
    const signers = signatureContents(sealed)
      .slice(0, names.length)
      .map((cms) => new X509Certificate(certificatesIn(cms)[0]!).publicKey);
    expect(signers.map((key) => key.asymmetricKeyDetails?.modulusLength)).toEqual([3072, 3072, 3072]);
    const spkis = signers.map((key) => key.export({ format: 'der', type: 'spki' }).toString('hex'));
    expect(new Set(spkis).size).toBe(names.length);
  });

  it('with PKCS#12 files and a TSA over HTTP: the worker opens the files itself', async () => {
    const server = await timestampServer(pki);
    try {
      const config = loadEnvironment({
        DATA_DIR: join(pki.directory, 'elsewhere'),
        SEAL_P12_PATH: exportPkcs12(pki, 'seal.p12', FILES.sealCertificate, FILES.sealKey),
        SEAL_P12_PASSWORD: PASSWORD,
        SIGNATORY_CA_P12_PATH: exportPkcs12(pki, 'ca.p12', FILES.rootCertificate, FILES.rootKey),
        SIGNATORY_CA_P12_PASSWORD: PASSWORD,
        TSA_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`,
      });
      const workers = workersFor(config);
      expect(workers.pki.seal.kind).toBe('pkcs12');
      expectValid(pki, 'production.pdf', await signThenSeal(workers, fixture, ['Ayşe Yılmaz']), 2);
    } finally {
      server.close();
    }
  });

  it('refuses ADVANCED signing without a CA for signatory certificates', async () => {
    const config = loadEnvironment({
      DATA_DIR: pki.directory,
      SEAL_P12_PATH: exportPkcs12(pki, 'seal-only.p12', FILES.sealCertificate, FILES.sealKey),
      SEAL_P12_PASSWORD: PASSWORD,
      TSA_URL: 'http://127.0.0.1:9/tsa',
    });
    const workers = workersFor(config);
    expect(workers.canSignAdvanced).toBe(false);
    await expect(workers.run(advancedTask(fixture, 'Anne Muller', 0))).rejects.toThrow(
      'no certificate authority for signatory certificates',
    );
  });

  it('seals a 10 MB file off the event loop', async () => {
    const workers = workersFor(loadEnvironment({ DATA_DIR: pki.directory }));
    const pdf = await largePdf(10 * 1024 * 1024);
    // The API's loop keeps turning while a worker seals; sealing on this thread would leave it a handful of
    // turns at most. Counting turns (not timing them) keeps the check independent of the machine's load.
    let turns = 0;
    let spinning = true;
    const spin = (): void => {
      turns += 1;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const sealed = Buffer.from((await workers.run(await sealTask(pdf, []))).pdf);
    spinning = false;
    expectValid(pki, 'large.pdf', sealed, 1);
    expect(turns).toBeGreaterThan(100);
  });
});
