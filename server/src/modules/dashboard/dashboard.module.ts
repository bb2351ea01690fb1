import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

/** API only; its costs come from the (global) billing module's statements. */
@Module({ controllers: [DashboardController], providers: [DashboardService] })
export class DashboardModule {}
