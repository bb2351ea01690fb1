import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { ErrorCode, type PriceListInput, type PriceListView } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { luxembourgDaySql } from './billing-month';

interface PriceListRow {
  id: string;
  effective_from: string;
  simple_request_cents: number;
  advanced_request_cents: number;
  qualified_request_cents: number;
  sms_cents: number;
  member_monthly_fee_cents: number | null;
  vat_basis_points: number;
  created_at: Date;
}

const COLUMNS = `id, to_char(effective_from, 'YYYY-MM-DD') AS effective_from, simple_request_cents,
  advanced_request_cents, qualified_request_cents, sms_cents, member_monthly_fee_cents, vat_basis_points, created_at`;

/** The list in force at the moment `$1`: the latest whose Luxembourg day has begun. */
export const PRICE_LIST_IN_FORCE_SQL = `
  SELECT ${COLUMNS} FROM price_list
   WHERE effective_from <= ${luxembourgDaySql('$1::timestamptz')}
   ORDER BY effective_from DESC LIMIT 1`;

function toView(row: PriceListRow): PriceListView {
  return {
    id: row.id,
    effectiveFrom: row.effective_from,
    simpleRequestCents: row.simple_request_cents,
    advancedRequestCents: row.advanced_request_cents,
    qualifiedRequestCents: row.qualified_request_cents,
    smsCents: row.sms_cents,
    memberMonthlyFeeCents: row.member_monthly_fee_cents,
    vatRatePercent: row.vat_basis_points / 100,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * Price lists are added, never edited: each applies from its day on, and a day already begun (or past) is
 * refused, so no statement of a past day changes. Events keep the price they were recorded with anyway.
 * For the same reason only a list whose day is still to come may be deleted.
 */
@Injectable()
export class PriceListsService {
  private readonly logger = new Logger('PriceLists');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(): Promise<PriceListView[]> {
    const rows = await this.dataSource.query<PriceListRow[]>(
      `SELECT ${COLUMNS} FROM price_list ORDER BY effective_from DESC`,
    );
    return rows.map(toView);
  }

  async inForceAt(at: Date, manager: EntityManager = this.dataSource.manager): Promise<PriceListView> {
    const [row] = await manager.query<PriceListRow[]>(PRICE_LIST_IN_FORCE_SQL, [at.toISOString()]);
    if (!row) throw new Error('no price list in force');
    return toView(row);
  }

  async create(input: PriceListInput, createdBy: string): Promise<PriceListView> {
    return this.dataSource.transaction(async (manager) => {
      const [today] = await manager.query<{ today: string }[]>(
        `SELECT to_char(${luxembourgDaySql('now()')}, 'YYYY-MM-DD') AS today`,
      );
      if (!today || input.effectiveFrom < today.today) {
        throw new AppException(ErrorCode.VALIDATION_FAILED, { effectiveFrom: 'validation.notBeforeToday' });
      }
      const rows = await manager.query<PriceListRow[]>(
        `INSERT INTO price_list (effective_from, simple_request_cents, advanced_request_cents,
                                 qualified_request_cents, sms_cents, member_monthly_fee_cents,
                                 vat_basis_points, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (effective_from) DO NOTHING
         RETURNING ${COLUMNS}`,
        [
          input.effectiveFrom,
          input.simpleRequestCents,
          input.advancedRequestCents,
          input.qualifiedRequestCents,
          input.smsCents,
          input.memberMonthlyFeeCents,
          Math.round(input.vatRatePercent * 100),
          createdBy,
        ],
      );
      const [row] = rows;
      if (!row) throw new AppException(ErrorCode.CONFLICT, { effectiveFrom: 'validation.priceListExists' });
      this.logger.log(
        { priceListId: row.id, effectiveFrom: row.effective_from, createdBy },
        'Price list added',
      );
      return toView(row);
    });
  }

  /**
   * Deletes a list whose Luxembourg day has not begun. The date test and the delete are one statement, so
   * a list cannot take effect (and price an event) between the check and the removal.
   */
  async deleteScheduled(id: string, deletedBy: string): Promise<void> {
    // TypeORM answers a DELETE with `[rows, rowCount]`, not the rows alone, RETURNING or not.
    const [deleted] = await this.dataSource.query<[PriceListRow[], number]>(
      `DELETE FROM price_list WHERE id = $1 AND effective_from > ${luxembourgDaySql('now()')}
       RETURNING ${COLUMNS}`,
      [id],
    );
    const [row] = deleted;
    if (row) {
      this.logger.log(
        { priceListId: id, effectiveFrom: row.effective_from, deletedBy },
        'Price list deleted',
      );
      return;
    }
    const existing = await this.dataSource.query<unknown[]>(`SELECT 1 FROM price_list WHERE id = $1`, [id]);
    throw new AppException(
      existing.length > 0 ? ErrorCode.PRICE_LIST_ALREADY_EFFECTIVE : ErrorCode.NOT_FOUND,
    );
  }
}
