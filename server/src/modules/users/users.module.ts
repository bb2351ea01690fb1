import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdministratorSeeder } from './administrator-seeder';
import { AuthenticationGuard } from './auth.guard';
import { UserEntity } from './user.entity';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';
import { EmailPolicy } from './email-policy';
import { MemberAccountsService } from './member-accounts.service';
import { AvatarService } from './avatar.service';
import { AgencyEntity } from './agency.entity';
import { AgencyStore } from './agency-store';
import { AgencyController } from './agency.controller';
import { AgencyStaffService } from './agency-staff.service';

@Module({})
export class UsersModule {
  /**
   * The API registers the guard, controllers and seeding; the worker only the service. Global: the other
   * modules ask UsersService about accounts instead of reading `app_user` themselves.
   */
  static forRoot(options: { http: boolean }): DynamicModule {
    return {
      module: UsersModule,
      global: true,
      imports: [TypeOrmModule.forFeature([UserEntity, AgencyEntity])],
      controllers: options.http ? [UsersController, AgencyController] : [],
      providers: [
        UsersService,
        AgencyStore,
        EmailPolicy,
        ...(options.http
          ? [
              AdministratorSeeder,
              MemberAccountsService,
              AvatarService,
              AgencyStaffService,
              { provide: APP_GUARD, useClass: AuthenticationGuard },
            ]
          : []),
      ],
      exports: [UsersService],
    };
  }
}
