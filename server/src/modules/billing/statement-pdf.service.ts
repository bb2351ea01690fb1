import { Injectable } from '@nestjs/common';
import { type BillingStatement, DEFAULT_LOCALE, ErrorCode, isLocale } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type FontFiles, loadFontFiles } from '@esign/pdf-signing';
import { type AuthenticatedUser, isAdmin } from '../users/authenticated-user';
import { UsersService } from '../users/users.service';
import { BillingService } from './billing.service';
import { type StatementMember, statementDocument, statementFileName } from './statement-document';
import { renderStatementPdf } from './statement-pdf';

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
    private readonly users: UsersService,
    private readonly billing: BillingService,
  ) {}

  /** Administrators name the member (422 without one); a member gets their own, another's is a 404. */
  async statementPdf(caller: AuthenticatedUser, month: string, memberId?: string): Promise<StatementPdf> {
    if (isAdmin(caller) && memberId === undefined) {
      throw new AppException(ErrorCode.VALIDATION_FAILED, { memberId: 'validation.required' });
    }
    const scope = this.billing.scopeFor(caller, memberId) ?? caller.user.agencyId ?? caller.user.id;
    const statement = await this.billing.statementFor(caller, month, scope);
    const member = await this.member(scope, statement);
    const content = statementDocument(statement, member, new Date());
    const bytes = await renderStatementPdf(content, await this.fontFiles());
    return { bytes, fileName: statementFileName(statement, member) };
  }

  /** The account, or for a deleted one (its billing records outlive it) the name the statement carries. */
  private async member(id: string, statement: BillingStatement): Promise<StatementMember> {
    const account = await this.users.findById(id);
    if (account) {
      return {
        name: account.name,
        email: account.email,
        language: isLocale(account.language) ? account.language : DEFAULT_LOCALE,
        additionalInfo: account.additionalInfo ?? {},
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
