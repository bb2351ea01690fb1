import { randomUUID } from 'node:crypto';
import { getDataSourceToken } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import { type MeteredKind } from '@esign/shared';
import { MeteringService } from '../../src/modules/billing/metering.service';
import { type TestApp } from './test-app';

export function database(testApp: Pick<TestApp, 'app'>): DataSource {
  return testApp.app.get<DataSource>(getDataSourceToken());
}

/** Records one billable event in a transaction of its own, as the signing services do in theirs. */
export function recordEvent(
  testApp: Pick<TestApp, 'app'>,
  memberId: string,
  kind: MeteredKind,
  sourceId: string = randomUUID(),
): Promise<boolean> {
  return database(testApp).transaction((manager) =>
    testApp.app.get(MeteringService).record(manager, { memberId, kind, sourceId }),
  );
}

export interface PriceListRow {
  effectiveFrom: string;
  simple: number;
  advanced: number;
  /** Default: twice the advanced price. */
  qualified?: number;
  sms: number;
  fee: number | null;
  vatBasisPoints: number;
}

/**
 * A price list effective from a past day. The API refuses those (a past day never gets new prices), so a
 * test that needs history writes it as a migration of old data would.
 */
export async function insertPastPriceList(testApp: Pick<TestApp, 'app'>, list: PriceListRow): Promise<void> {
  await database(testApp).query(
    `INSERT INTO price_list (effective_from, simple_request_cents, advanced_request_cents,
                             qualified_request_cents, sms_cents, member_monthly_fee_cents, vat_basis_points)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      list.effectiveFrom,
      list.simple,
      list.advanced,
      list.qualified ?? list.advanced * 2,
      list.sms,
      list.fee,
      list.vatBasisPoints,
    ],
  );
}

/** Moves an event to another moment (the clock cannot be set), keeping the price it was recorded at. */
export async function moveEvent(testApp: Pick<TestApp, 'app'>, sourceId: string, at: string): Promise<void> {
  await database(testApp).query(`UPDATE billing_event SET occurred_at = $2 WHERE source_id = $1`, [
    sourceId,
    at,
  ]);
}

/** `yyyy-mm` of a moment in Luxembourg, computed with the browser-side calendar rather than SQL. */
export function luxembourgMonth(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Luxembourg',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** The month before `yyyy-mm`. */
export function previousMonth(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return mon === 1 ? `${year - 1}-12` : `${year}-${String(mon - 1).padStart(2, '0')}`;
}

/** Splits a semicolon CSV the way a spreadsheet does: quoted cells may hold `;` and doubled quotes. */
export function parseSemicolonCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter((l) => l.length > 0)) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i += 1) {
      const char = line[i];
      if (quoted && char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = !quoted;
      } else if (char === ';' && !quoted) {
        cells.push(cell);
        cell = '';
      } else {
        cell += char;
      }
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

/** `1.234,56`-style or plain `12,30` decimal comma to cents. */
export function decimalCommaToCents(value: string): number {
  return Math.round(Number(value.replace(/\./g, '').replace(',', '.')) * 100);
}
