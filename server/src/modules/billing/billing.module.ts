import { type DynamicModule, Module } from '@nestjs/common';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';
import { MeteringService } from './metering.service';
import { PriceListsService } from './price-lists.service';
import { StatementPdfService } from './statement-pdf.service';

@Module({})
export class BillingModule {
  /**
   * Metering runs wherever events happen (API and worker), so the module is global like the audit: the
   * signing services inject `MeteringService` without importing it. The API alone serves the routes.
   */
  static forRoot(options: { http: boolean }): DynamicModule {
    return {
      module: BillingModule,
      global: true,
      controllers: options.http ? [BillingController] : [],
      providers: [MeteringService, BillingService, PriceListsService, StatementPdfService],
      exports: [MeteringService, BillingService, PriceListsService],
    };
  }
}
