import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource } from 'typeorm';
import {
  type AdditionalInfo,
  type BillingStatement,
  DEFAULT_LOCALE,
  ErrorCode,
  isLocale,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type FontFiles, loadFontFiles } from '../documents/templates/template-fonts';
import { type AuthenticatedUser, isAdmin } from '../users/authenticated-user';
import { BillingService } from './billing.service';
import { type StatementMember, statementDocument, statementFileName } from './statement-document';
import { renderStatementPdf } from './statement-pdf';

interface MemberRow {
  name: string;
  email: string;
  language: string;
  additional_info: AdditionalInfo | null;
}

export interface StatementPdf {
  bytes: Uint8Array;
  fileName: string;
}

/**
 * One member's monthly statement as a PDF in that member's language, whoever downloads it.
 *
 * Drawn on the API's thread rather than in the documents module's PdfSandbox worker: the sandbox exists for
 * files and contents users supply, this document is made of the server's own figures and a few lines (four
 * kinds, a handful of price changes at most), and a worker's start would cost more than the drawing.
 */
@Injectable()
export class StatementPdfService {
  private fonts?: Promise<FontFiles>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly billing: BillingService,
  ) {}

  /** Administrators name the member (422 without one); a member gets their own, another's is a 404. */
  async statementPdf(caller: AuthenticatedUser, month: string, memberId?: string): Promise<StatementPdf> {
    if (isAdmin(caller) && memberId === undefined) {
      throw new AppException(ErrorCode.VALIDATION_FAILED, { memberId: 'validation.required' });
    }
    const scope = this.billing.scopeFor(caller, memberId) ?? caller.user.id;
    const statement = await this.billing.statementFor(caller, month, scope);
    const member = await this.member(scope, statement);
    const content = statementDocument(statement, member, new Date());
    const bytes = await renderStatementPdf(content, await this.fontFiles());
    return { bytes, fileName: statementFileName(statement, member) };
  }

  /** The account, or for a deleted one (its billing records outlive it) the name the statement carries. */
  private async member(id: string, statement: BillingStatement): Promise<StatementMember> {
    const [row] = await this.dataSource.query<MemberRow[]>(
      `SELECT name, email, language, additional_info FROM app_user WHERE id = $1::uuid`,
      [id],
    );
    if (row) {
      return {
        name: row.name,
        email: row.email,
        language: isLocale(row.language) ? row.language : DEFAULT_LOCALE,
        additionalInfo: row.additional_info ?? {},
      };
    }
    const [line] = statement.lines;
    return { name: line?.memberName ?? id, email: '', language: DEFAULT_LOCALE, additionalInfo: {} };
  }

  private fontFiles(): Promise<FontFiles> {
    this.fonts ??= loadFontFiles().catch((error: unknown) => {
      this.fonts = undefined;
      throw error;
    });
    return this.fonts;
  }
}
