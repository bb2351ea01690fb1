import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  ErrorCode,
  JobName,
  MAX_PDF_BYTES,
  type PdfCompleteResponse,
  type PdfTemplateResponse,
  type PdfUploadResponse,
} from '@esign/shared';
import { UnrecoverableJobError } from '../../src/modules/jobs/job-handler.decorator';
import { JobQueue } from '../../src/modules/jobs/job-queue.service';
import { UploadLifecycleService } from '../../src/modules/documents/upload-lifecycle.service';
import { StorageQuota } from '../../src/modules/documents/storage-quota';
import { UPLOAD_CLAIM_LEASE_SECONDS, UploadClaims } from '../../src/modules/documents/upload-claims';
import { MAX_PDF_CHECKS_PER_CALLER } from '../../src/modules/documents/pdf/pdf-work-queue';
import { OBJECT_STORAGE, type ObjectStorage } from '../../src/modules/storage/object-storage.port';
import { S3Emulator } from '../../src/modules/storage/testing/s3-emulator';
import { pdfOfSize, simplePdf, streamObject } from '@esign/pdf-signing/testing';
import { createMember, type Member, signInAdministrator } from '../support/members';
import { NATURAL_PERSON_FORM } from '../support/signature-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const MIB = 1024 * 1024;
const QUOTA_MB = 1;
const S3_BUCKET = 'esign-attacks';
const S3_CREDENTIALS = {
  accessKeyId: 'AKIDATTACKS',
  secretAccessKey: 'attacks-secret-access-key-0123456789',
};
const HOUR_MS = 3_600_000;

type Backend = 'filesystem' | 's3';

/**
 * A valid PDF of exactly `size` bytes whose filler normalising keeps at its size: random bytes (they do not
 * compress) in a metadata stream the catalog refers to (an object nothing refers to is dropped).
 */
function incompressiblePdf(size: number): Buffer {
  let filler = Math.max(0, size - simplePdf().length - 64);
  const noise = randomBytes(size);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const bytes = simplePdf({
      catalog: '/Metadata 4 0 R',
      extra: [streamObject('/Type /Metadata /Subtype /XML', noise.subarray(0, filler))],
    });
    if (bytes.length === size) return bytes;
    filler += size - bytes.length;
  }
  throw new Error(`Could not build a PDF of ${size} bytes`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(probe: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(100);
  }
}

describe.each<Backend>(['filesystem', 's3'])('attacks on uploads (%s storage)', (backend) => {
  let testApp: TestApp;
  let emulator: S3Emulator | undefined;
  let adminToken: string;
  let memberCount = 0;
  const api = () => request(testApp.url);
  const as = (member: Member, test: request.Test) => test.set('Authorization', `Bearer ${member.token}`);
  const storage = (): ObjectStorage => testApp.app.get<ObjectStorage>(OBJECT_STORAGE);
  const db = (): DataSource => testApp.app.get(DataSource);
  const lifecycle = () => testApp.app.get(UploadLifecycleService);

  async function newMember(): Promise<Member> {
    memberCount += 1;
    return createMember(testApp, adminToken, {
      email: `agent${memberCount}@agence-${backend}.lu`,
      name: `Agence ${memberCount}`,
    });
  }

  async function issue(member: Member, size?: number): Promise<PdfUploadResponse & { key: string }> {
    const body = { documentType: 'CUSTOM', fileName: 'bail.pdf', ...(size === undefined ? {} : { size }) };
    const issued = (await as(member, api().post('/api/pdf')).send(body).expect(201))
      .body as PdfUploadResponse;
    return { ...issued, key: await uploadKeyOf(issued.fileId) };
  }

  async function put(url: string, bytes: Uint8Array): Promise<{ status: number; code?: string }> {
    const response = await fetch(new URL(url, testApp.url), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: new Uint8Array(bytes),
    });
    const text = await response.text();
    const code = /^\{/.test(text) ? ((JSON.parse(text) as { code?: string }).code ?? undefined) : undefined;
    return { status: response.status, code };
  }

  function complete(member: Member, fileId: string): request.Test {
    return as(member, api().post(`/api/pdf/${fileId}/complete`));
  }

  async function uploadKeyOf(fileId: string): Promise<string> {
    const rows = await db().query<{ upload_key: string }[]>('SELECT upload_key FROM document WHERE id = $1', [
      fileId,
    ]);
    const key = rows[0]?.upload_key;
    if (!key) throw new Error(`no upload key for ${fileId}`);
    return key;
  }

  async function documentRow(fileId: string) {
    const rows = await db().query<
      {
        status: string;
        sha256: string | null;
        storage_key: string | null;
        upload_reserved_bytes: number | null;
      }[]
    >('SELECT status, sha256, storage_key, upload_reserved_bytes FROM document WHERE id = $1', [fileId]);
    return rows[0];
  }

  /** The keys of the checked documents the store holds. */
  function storedDocuments(): string[] {
    if (emulator) return [...emulator.objects.keys()].filter((key) => key.startsWith('documents/')).sort();
    const directory = join(testApp.dataDir, 'files', 'documents');
    return existsSync(directory)
      ? readdirSync(directory)
          .map((name) => `documents/${name}`)
          .sort()
      : [];
  }

  async function downloadSha(member: Member, documentId: string): Promise<string> {
    const described = await as(member, api().get(`/api/pdf/${documentId}`)).expect(200);
    const download = await fetch(new URL(described.body.url as string, testApp.url));
    expect(download.status).toBe(200);
    return createHash('sha256')
      .update(new Uint8Array(await download.arrayBuffer()))
      .digest('hex');
  }

  async function discardJob(fileId: string) {
    const rows = await db().query<{ payload: { documentId: string; uploadKey: string }; later: boolean }[]>(
      `SELECT payload, run_at > now() + interval '14 minutes' AS later FROM queued_job WHERE job_key = $1`,
      [`${JobName.DiscardUpload}:${fileId}`],
    );
    return rows[0];
  }

  beforeAll(async () => {
    let env: Record<string, string> = { MEMBER_STORAGE_QUOTA_MB: String(QUOTA_MB) };
    if (backend === 's3') {
      emulator = new S3Emulator(S3_BUCKET, S3_CREDENTIALS);
      env = {
        ...env,
        S3_BUCKET,
        S3_ENDPOINT: await emulator.start(),
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      };
    }
    testApp = await startTestApp({ env });
    adminToken = await signInAdministrator(testApp);
  });

  afterAll(async () => {
    try {
      await testApp.close();
    } finally {
      await emulator?.stop();
    }
  });

  describe('one use per upload address', () => {
    it('refuses a replayed PUT after completion; the stored document never changes', async () => {
      const alice = await newMember();
      const upload = await issue(alice, 2000);
      expect((await put(upload.url, pdfOfSize(2000))).status).toBe(backend === 's3' ? 200 : 204);
      const completed = (await complete(alice, upload.fileId).expect(200)).body as PdfCompleteResponse;
      const storedBefore = storedDocuments();
      expect(await downloadSha(alice, upload.fileId)).toBe(completed.sha256);

      const replay = await put(upload.url, pdfOfSize(1900));
      if (backend === 'filesystem') {
        expect(replay).toEqual({ status: 409, code: ErrorCode.UPLOAD_URL_USED });
        expect(await storage().exists(upload.key)).toBe(false);
      } else {
        // S3 cannot refuse it: the object lands under the upload key, which nothing reads any more.
        expect(replay.status).toBe(200);
        expect(await storage().exists(upload.key)).toBe(true);
      }
      const again = await complete(alice, upload.fileId).expect(200);
      expect(again.body).toEqual(completed);
      expect(await downloadSha(alice, upload.fileId)).toBe(completed.sha256);
      expect(storedDocuments()).toEqual(storedBefore);
      expect(await documentRow(upload.fileId)).toMatchObject({ status: 'READY', sha256: completed.sha256 });

      // Whatever the replay left goes once the address has expired.
      const job = await discardJob(upload.fileId);
      expect(job).toEqual({ payload: { documentId: upload.fileId, uploadKey: upload.key }, later: true });
      await lifecycle().discard(job!.payload);
      expect(await storage().exists(upload.key)).toBe(false);
      expect(await downloadSha(alice, upload.fileId)).toBe(completed.sha256);
    });

    it('keeps the first bytes received: a second PUT before completion is refused', async () => {
      const alice = await newMember();
      const upload = await issue(alice, 3000);
      const first = pdfOfSize(3000);
      const second = incompressiblePdf(2500);
      expect((await put(upload.url, first)).status).toBe(backend === 's3' ? 200 : 204);
      const replay = await put(upload.url, second);
      if (backend === 'filesystem') {
        expect(replay).toEqual({ status: 409, code: ErrorCode.UPLOAD_URL_USED });
        expect(Buffer.compare(await storage().get(upload.key), first)).toBe(0);
      } else {
        // A pre-signed PUT is honoured until it expires; what completion reads once is what gets checked.
        expect(replay.status).toBe(200);
      }
      const completed = (await complete(alice, upload.fileId).expect(200)).body as PdfCompleteResponse;
      expect(completed.pdfPageCount).toBe(1);
      expect(await storage().exists(upload.key)).toBe(false);
    });

    it('lets exactly one of concurrent PUTs to one address store its bytes, whole', async () => {
      const alice = await newMember();
      const upload = await issue(alice, 8000);
      const bodies = Array.from({ length: 6 }, () => incompressiblePdf(8000));
      const results = await Promise.all(bodies.map((body) => put(upload.url, body)));
      const stored = await storage().get(upload.key);
      expect(bodies.filter((body) => Buffer.compare(body, stored) === 0)).toHaveLength(1);
      if (backend === 'filesystem') {
        expect(results.filter((result) => result.status === 204)).toHaveLength(1);
        expect(results.filter((result) => result.status === 409)).toHaveLength(5);
        expect(results.every((r) => r.status === 204 || r.code === ErrorCode.UPLOAD_URL_USED)).toBe(true);
      }
      await complete(alice, upload.fileId).expect(200);
    });

    it('reads an upload once under concurrent completions, and stores one document', async () => {
      const alice = await newMember();
      const upload = await issue(alice, 4000);
      await put(upload.url, incompressiblePdf(4000));
      // As many as a member may have checked at once (a further one is refused 429 before it reads anything).
      const responses = await Promise.all(
        Array.from({ length: MAX_PDF_CHECKS_PER_CALLER }, () => complete(alice, upload.fileId)),
      );
      const succeeded = responses.filter((response) => response.status === 200);
      expect(succeeded.length).toBeGreaterThanOrEqual(1);
      for (const response of responses.filter((r) => r.status !== 200)) {
        expect(response.status).toBe(409);
        expect(response.body.code).toBe(ErrorCode.UPLOAD_URL_USED);
      }
      for (const response of succeeded) expect(response.body).toEqual(succeeded[0]!.body);
      expect(await documentRow(upload.fileId)).toMatchObject({
        status: 'READY',
        upload_reserved_bytes: null,
      });
    });

    it('spends an upload whose file was refused: the address and the completion are used up', async () => {
      const alice = await newMember();
      const upload = await issue(alice, 2000);
      await put(upload.url, Buffer.from('<!DOCTYPE html><script>alert(1)</script>'));
      const refused = await complete(alice, upload.fileId).expect(415);
      expect(refused.body.code).toBe(ErrorCode.NOT_A_PDF);
      expect(await storage().exists(upload.key)).toBe(false);

      const retry = await put(upload.url, pdfOfSize(2000));
      if (backend === 'filesystem') expect(retry).toEqual({ status: 409, code: ErrorCode.UPLOAD_URL_USED });
      else expect(retry.status).toBe(200);
      const again = await complete(alice, upload.fileId).expect(409);
      expect(again.body.code).toBe(ErrorCode.UPLOAD_URL_USED);
      await as(alice, api().get(`/api/pdf/${upload.fileId}`)).expect(409);

      // The reservation stays counted until the discard job has removed what the address may still hold.
      expect((await documentRow(upload.fileId))?.upload_reserved_bytes).toBe(2000);
      const job = await discardJob(upload.fileId);
      expect(job?.later).toBe(true);
      await lifecycle().discard(job!.payload);
      expect(await storage().exists(upload.key)).toBe(false);
      expect((await documentRow(upload.fileId))?.upload_reserved_bytes).toBeNull();
    });

    it('takes over an upload whose completion died once its lease has run out, with its quota', async () => {
      const alice = await newMember();
      const upload = await issue(alice, 2000);
      await put(upload.url, pdfOfSize(2000));
      // A completion claimed the upload, then its process was killed: the claim is never renewed nor released.
      const dead = await testApp.app.get(UploadClaims).take(upload.fileId);
      expect(dead).not.toBeNull();
      const [lease] = await db().query<{ within: boolean }[]>(
        `SELECT upload_claim_expires_at > now()
            AND upload_claim_expires_at <= now() + make_interval(secs => $2) AS within
           FROM document WHERE id = $1`,
        [upload.fileId, UPLOAD_CLAIM_LEASE_SECONDS],
      );
      expect(lease?.within).toBe(true);

      // Within the lease the upload is still the dead completion's, and its reservation counted.
      const held = await complete(alice, upload.fileId).expect(409);
      expect(held.body.code).toBe(ErrorCode.UPLOAD_URL_USED);
      const quota = testApp.app.get(StorageQuota);
      expect(await quota.usedBytes(db().manager, alice.id)).toBe(2000);

      // UPLOAD_CLAIM_LEASE_SECONDS later: the next completion takes the upload over and stores it.
      await db().query(
        `UPDATE document SET upload_claim_expires_at = now() - interval '1 second' WHERE id = $1`,
        [upload.fileId],
      );
      const completed = (await complete(alice, upload.fileId).expect(200)).body as PdfCompleteResponse;
      expect(completed.pdfPageCount).toBe(1);
      const row = await documentRow(upload.fileId);
      expect(row).toMatchObject({ status: 'READY', upload_reserved_bytes: null });
      const [stored] = await db().query<{ size_bytes: number }[]>(
        'SELECT size_bytes FROM document WHERE id = $1',
        [upload.fileId],
      );
      expect(await quota.usedBytes(db().manager, alice.id)).toBe(stored?.size_bytes);
      expect(await storage().exists(upload.key)).toBe(false);
      // The dead completion, had it come back, could no longer take it: the document is done.
      expect(await testApp.app.get(UploadClaims).take(upload.fileId)).toBeNull();
    });

    it('completes after a completion called before the PUT (nothing was used yet)', async () => {
      const alice = await newMember();
      const upload = await issue(alice, 2000);
      const early = await complete(alice, upload.fileId).expect(422);
      expect(early.body).toMatchObject({
        code: ErrorCode.INVALID_UPLOAD,
        errors: { file: 'validation.uploadMissing' },
      });
      await put(upload.url, pdfOfSize(2000));
      await complete(alice, upload.fileId).expect(200);
    });
  });

  describe('addresses that are not the member’s to use', () => {
    it('refuses a tampered signature, another member’s key, and an expired address; nothing is stored', async () => {
      const alice = await newMember();
      const bruno = await newMember();
      const aliceUpload = await issue(alice, 2000);
      const brunoUpload = await issue(bruno, 2000);
      const bytes = pdfOfSize(2000);

      const tampered = new URL(aliceUpload.url, testApp.url);
      for (const name of ['sig', 'X-Amz-Signature']) {
        const value = tampered.searchParams.get(name);
        if (value)
          tampered.searchParams.set(name, `${value.slice(0, -4)}${value.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`);
      }
      // Bruno's signed address, pointed at Alice's upload key.
      const brunoUuid = /uploads\/([0-9a-f-]{36})\.pdf/.exec(brunoUpload.key)![1]!;
      const aliceUuid = /uploads\/([0-9a-f-]{36})\.pdf/.exec(aliceUpload.key)![1]!;
      const redirected = new URL(brunoUpload.url, testApp.url);
      redirected.pathname = redirected.pathname.replace(brunoUuid, aliceUuid);
      // An address for Alice's key that has expired.
      const expiring = await storage().createUploadUrl(aliceUpload.key, {
        contentType: 'application/pdf',
        maxBytes: 2000,
        expiresInSeconds: 1,
      });
      await sleep(2100);

      for (const url of [tampered.toString(), redirected.toString(), expiring]) {
        const refused = await put(url, bytes);
        expect(refused.status).toBe(403);
        if (backend === 'filesystem') expect(refused.code).toBe(ErrorCode.FORBIDDEN);
      }
      expect(await storage().exists(aliceUpload.key)).toBe(false);
      const foreign = await complete(bruno, aliceUpload.fileId).expect(404);
      expect(foreign.body.code).toBe(ErrorCode.NOT_FOUND);

      // None of it spent Alice's address.
      expect((await put(aliceUpload.url, bytes)).status).toBe(backend === 's3' ? 200 : 204);
      await complete(alice, aliceUpload.fileId).expect(200);
    });
  });

  describe('sizes and the storage quota', () => {
    it('refuses an upload larger than announced or than 10 MB; nothing is stored', async () => {
      const alice = await newMember();
      const tooLarge = await as(alice, api().post('/api/pdf'))
        .send({ documentType: 'CUSTOM', size: MAX_PDF_BYTES + 1 })
        .expect(413);
      expect(tooLarge.body.code).toBe(ErrorCode.FILE_TOO_LARGE);

      const upload = await issue(alice, 1000);
      const oversized = await put(upload.url, pdfOfSize(5000));
      if (backend === 'filesystem') {
        // The file route counts the bytes: refused while streaming, and the address is not spent.
        expect(oversized).toEqual({ status: 413, code: ErrorCode.FILE_TOO_LARGE });
        expect(await storage().exists(upload.key)).toBe(false);
        expect((await put(upload.url, pdfOfSize(1000))).status).toBe(204);
        await complete(alice, upload.fileId).expect(200);
      } else {
        // S3 cannot cap a pre-signed PUT: completion reads the size and refuses the file.
        expect(oversized.status).toBe(200);
        const refused = await complete(alice, upload.fileId).expect(413);
        expect(refused.body.code).toBe(ErrorCode.FILE_TOO_LARGE);
        expect(await storage().exists(upload.key)).toBe(false);
        await complete(alice, upload.fileId).expect(409);
      }
    });

    it('refuses to issue an address the quota has no room for, with what is used and the limit', async () => {
      const alice = await newMember();
      const stored = await issue(alice, 300_000);
      await put(stored.url, incompressiblePdf(300_000));
      const completed = (await complete(alice, stored.fileId).expect(200)).body as PdfCompleteResponse;
      const storedSize = (await as(alice, api().get(`/api/pdf/${completed.documentId}`)).expect(200)).body
        .sizeBytes as number;
      await issue(alice, 400_000);
      const rowsBefore = await db().query('SELECT id FROM document');

      const refused = await as(alice, api().post('/api/pdf'))
        .send({ documentType: 'CUSTOM', size: QUOTA_MB * MIB - storedSize - 400_000 + 1 })
        .expect(413);
      expect(refused.body).toEqual({
        statusCode: 413,
        code: ErrorCode.STORAGE_QUOTA_EXCEEDED,
        message: 'errors.STORAGE_QUOTA_EXCEEDED',
        usedBytes: storedSize + 400_000,
        limitBytes: QUOTA_MB * MIB,
      });
      // Without an announced size the address would take 10 MB: no room either.
      await as(alice, api().post('/api/pdf')).send({ documentType: 'CUSTOM' }).expect(413);
      expect(await db().query('SELECT id FROM document')).toHaveLength(rowsBefore.length);

      // Exactly what is left still fits; another member's quota is their own.
      await issue(alice, QUOTA_MB * MIB - storedSize - 400_000);
      await issue(await newMember(), 900_000);
    });

    it('refuses a completion that no longer fits, and stores nothing of it', async () => {
      const alice = await newMember();
      const upload = await issue(alice, QUOTA_MB * MIB - 2000);
      // A generated document takes room meanwhile (templates are not refused, only counted).
      const template = (
        await as(alice, api().post('/api/pdf'))
          .send({ documentType: 'TEMPLATE', templateType: 'NaturalPerson', formData: NATURAL_PERSON_FORM })
          .expect(201)
      ).body as PdfTemplateResponse;
      const templateSize = (await as(alice, api().get(`/api/pdf/${template.documentId}`)).expect(200)).body
        .sizeBytes as number;
      await put(upload.url, incompressiblePdf(QUOTA_MB * MIB - 2000));
      const storedBefore = storedDocuments();

      const refused = await complete(alice, upload.fileId).expect(413);
      expect(refused.body).toMatchObject({
        code: ErrorCode.STORAGE_QUOTA_EXCEEDED,
        usedBytes: templateSize,
        limitBytes: QUOTA_MB * MIB,
      });
      expect(storedDocuments()).toEqual(storedBefore);
      expect(await storage().exists(upload.key)).toBe(false);
      expect(await documentRow(upload.fileId)).toMatchObject({ status: 'AWAITING_UPLOAD', sha256: null });
      await as(alice, api().get(`/api/pdf/${upload.fileId}`)).expect(409);
    });
  });

  describe('the sweep of stale uploads', () => {
    async function age(fileId: string, hours: number, column = 'created_at'): Promise<void> {
      await db().query(`UPDATE document SET ${column} = now() - make_interval(hours => $2) WHERE id = $1`, [
        fileId,
        hours,
      ]);
    }

    async function exists(fileId: string): Promise<boolean> {
      return (await documentRow(fileId)) !== undefined;
    }

    it('removes old incomplete uploads and partial files, and leaves documents in use alone', async () => {
      const alice = await newMember();
      // A completed document, however old, stays.
      const done = await issue(alice, 2000);
      await put(done.url, pdfOfSize(2000));
      const completed = (await complete(alice, done.fileId).expect(200)).body as PdfCompleteResponse;
      await age(done.fileId, 48);
      // An upload sent but never completed, 25 hours ago.
      const abandoned = await issue(alice, 2000);
      await put(abandoned.url, pdfOfSize(2000));
      await age(abandoned.fileId, 25);
      // A refused upload, spent 25 hours ago.
      const refused = await issue(alice, 2000);
      await put(refused.url, Buffer.from('not a pdf'));
      await complete(alice, refused.fileId).expect(415);
      await age(refused.fileId, 25);
      await age(refused.fileId, 25, 'upload_consumed_at');
      // An upload issued an hour ago is still the member's to send.
      const recent = await issue(alice, 2000);
      await put(recent.url, pdfOfSize(2000));
      await age(recent.fileId, 1);

      const incoming = join(testApp.dataDir, 'files', '.incoming');
      const claims = join(testApp.dataDir, 'files', '.upload-claims');
      const stalePart = join(incoming, `${randomUUID()}.part`);
      const freshPart = join(incoming, `${randomUUID()}.part`);
      const expiredClaim = join(claims, `${Math.floor((Date.now() - HOUR_MS) / 1000)}-${'a'.repeat(64)}`);
      if (backend === 'filesystem') {
        mkdirSync(incoming, { recursive: true });
        writeFileSync(stalePart, randomBytes(4096));
        writeFileSync(freshPart, randomBytes(4096));
        const dayAndAnHourAgo = (Date.now() - 25 * HOUR_MS) / 1000;
        utimesSync(stalePart, dayAndAnHourAgo, dayAndAnHourAgo);
        writeFileSync(expiredClaim, '');
      }

      // Through the queue, as the timer queues it.
      await testApp.app
        .get(JobQueue)
        .enqueue(JobName.SweepStaleUploads, {}, { jobId: `sweep-${randomUUID()}` });
      await waitFor(async () => !(await exists(abandoned.fileId)));

      expect(await exists(refused.fileId)).toBe(false);
      expect(await storage().exists(abandoned.key)).toBe(false);
      expect(await exists(recent.fileId)).toBe(true);
      expect(await storage().exists(recent.key)).toBe(true);
      expect(await documentRow(done.fileId)).toMatchObject({ status: 'READY', sha256: completed.sha256 });
      expect(await downloadSha(alice, done.fileId)).toBe(completed.sha256);
      if (backend === 'filesystem') {
        await waitFor(() => Promise.resolve(!existsSync(stalePart)));
        expect(existsSync(expiredClaim)).toBe(false);
        expect(existsSync(freshPart)).toBe(true);
        // The claim of an address still valid stays: the recent upload's address remains used.
        expect(await put(recent.url, pdfOfSize(2000))).toEqual({
          status: 409,
          code: ErrorCode.UPLOAD_URL_USED,
        });
      }
    });

    it('removes each stale upload once when sweeps run at the same time', async () => {
      const alice = await newMember();
      const uploads = [];
      for (let index = 0; index < 5; index += 1) {
        const upload = await issue(alice, 2000);
        await put(upload.url, pdfOfSize(2000));
        await age(upload.fileId, 30);
        uploads.push(upload);
      }
      const results = await Promise.all([lifecycle().sweep(), lifecycle().sweep(), lifecycle().sweep()]);
      expect(results.reduce((sum, result) => sum + result.uploads, 0)).toBe(5);
      for (const upload of uploads) {
        expect(await exists(upload.fileId)).toBe(false);
        expect(await storage().exists(upload.key)).toBe(false);
      }
    });

    it('never lets the discard job delete a stored document', async () => {
      const alice = await newMember();
      const upload = await issue(alice, 2000);
      await put(upload.url, pdfOfSize(2000));
      const completed = (await complete(alice, upload.fileId).expect(200)).body as PdfCompleteResponse;
      const row = await documentRow(upload.fileId);
      await expect(
        lifecycle().discard({ documentId: upload.fileId, uploadKey: row!.storage_key! }),
      ).rejects.toBeInstanceOf(UnrecoverableJobError);
      expect(await downloadSha(alice, upload.fileId)).toBe(completed.sha256);
    });
  });
});
