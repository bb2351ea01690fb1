import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { type SignatureRequestView } from '@esign/shared';
import { ApiClient } from '@esign/api-client';
import { checkSignedPdf, type PadesLevel } from '@esign/pdf-signing/testing';
import { createMember, signInAdministrator, type Member, type MemberInput } from './members';
import { type TestApp } from './test-app';

/** A member with a logo, as ADVANCED requests need (the seal stamp carries it). */
export async function memberWithLogo(testApp: TestApp, input: MemberInput): Promise<Member> {
  const member = await createMember(testApp, await signInAdministrator(testApp), input);
  const logo = await sharp({ create: { width: 420, height: 210, channels: 4, background: '#c03020' } })
    .png()
    .toBuffer();
  await new ApiClient(testApp.url, member.token).uploadLogo(logo);
  return member;
}

/** Polls the member's view of the request, as the back office does, until it is SIGNED. */
export function waitUntilSigned(
  testApp: Pick<TestApp, 'url'>,
  token: string,
  requestId: string,
  timeoutMs = 120_000,
): Promise<SignatureRequestView> {
  return new ApiClient(testApp.url, token).waitForStatus(requestId, 'SIGNED', timeoutMs);
}

/** The final PDF, fetched the way a member downloads it. */
export async function downloadSigned(
  testApp: Pick<TestApp, 'url'>,
  token: string,
  requestId: string,
): Promise<Buffer> {
  return Buffer.from(await new ApiClient(testApp.url, token).downloadSigned(requestId));
}

/** A scratch directory holding the platform's published trust anchors, for the validators. */
export class ValidationBench {
  readonly directory = mkdtempSync(join(tmpdir(), 'sealing-'));
  caFile = '';

  async fetchTrustAnchors(testApp: Pick<TestApp, 'url'>): Promise<void> {
    const response = await request(testApp.url).get('/api/trust/ca.pem').expect(200);
    this.caFile = join(this.directory, 'ca.pem');
    writeFileSync(this.caFile, response.text);
  }

  save(name: string, pdf: Buffer): string {
    const file = join(this.directory, name);
    writeFileSync(file, pdf);
    return file;
  }

  /** Runs the relying party's checks; throws with their output when they fail. */
  expectValid(file: string, signatures: number, level: PadesLevel = 'B-LTA'): void {
    const result = checkSignedPdf(file, this.caFile, signatures, level);
    if (!result.ok) throw new Error(`the relying party's checks failed for ${file}:\n${result.output}`);
  }

  cleanup(): void {
    if (process.env.SEALING_KEEP_OUTPUT) process.stdout.write(`sealed PDFs kept in ${this.directory}\n`);
    else rmSync(this.directory, { recursive: true, force: true });
  }
}

/** Text in content order, without poppler's bidi marks; `pages` limits it to a range (1-based, inclusive). */
export function pdfText(file: string, pages?: { first: number; last?: number }): string {
  const range = pages ? ['-f', String(pages.first), ...(pages.last ? ['-l', String(pages.last)] : [])] : [];
  const result = spawnSync('pdftotext', ['-raw', '-enc', 'UTF-8', ...range, file, '-'], { encoding: 'utf8' });
  return result.stdout.replace(/[\u200e\u200f\u202a-\u202e]/g, '');
}

const RIGHT_TO_LEFT = /[\u0590-\u08ff]/;

/** Right-to-left names come out in logical order or reversed by word: check every letter of them. */
export function expectNameIn(text: string, name: string): void {
  if (!RIGHT_TO_LEFT.test(name)) {
    expect(text).toContain(name);
    return;
  }
  for (const letter of name.replace(/\s/g, '')) expect(text).toContain(letter);
}
