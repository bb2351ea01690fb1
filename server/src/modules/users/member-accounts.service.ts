import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager } from 'typeorm';
import { type AgencyRole, ErrorCode } from '@esign/shared';
import { AppConfig } from '../../config/app-config';
import { AppException } from '../../common/app-exception';
import { serverMessages } from '../../i18n/messages';
import { CognitoAdmin } from '../identity/cognito-admin';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity/identity-settings';
import { OutboxService } from '../outbox/outbox.service';
import { generatePassword } from './administrator-seeder';
import { agencyNameOf, AgencyStore } from './agency-store';
import { type AuthenticatedUser } from './authenticated-user';
import { type UserInputDto, type UserUpdateDto } from './dto/user-input.dto';
import { EmailPolicy } from './email-policy';
import { UserEntity } from './user.entity';
import { mergeAdditionalInfo, UsersService } from './users.service';

/**
 * Account life cycle, where the product's row and the user pool must agree: create (with the welcome
 * e-mail), deactivate, reactivate, delete, and e-mail changes.
 */
@Injectable()
export class MemberAccountsService {
  private readonly logger = new Logger('MemberAccounts');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly emailPolicy: EmailPolicy,
    private readonly pool: CognitoAdmin,
    @Inject(IDENTITY_SETTINGS) private readonly identity: IdentitySettings,
    private readonly outbox: OutboxService,
    private readonly config: AppConfig,
    private readonly agencies: AgencyStore,
  ) {}

  /**
   * A new account with its welcome e-mail: into an existing agency with the role given (a manager inviting
   * staff), or, without one (an administrator creating a member), as the first manager of a new agency made
   * from the company data given.
   */
  async create(input: UserInputDto, place?: { agencyId: string; role: AgencyRole }): Promise<UserEntity> {
    this.emailPolicy.assertAllowed(input.email);
    const mobile = this.users.mobileOrFail(input.mobile);
    await this.users.assertEmailFree(input.email);
    const temporaryPassword = generatePassword();
    const sub = await this.poolCall(() =>
      this.pool.createUser(this.identity.userPoolId, input.email, temporaryPassword),
    );
    try {
      const user = await this.dataSource.transaction(async (manager) => {
        const id = randomUUID();
        const additionalInfo = mergeAdditionalInfo({}, input.additionalInfo ?? {});
        if (!place) {
          const name = agencyNameOf({ name: input.name, email: input.email, additionalInfo });
          await this.agencies.found(manager, { id, name, additionalInfo });
        }
        const row = await this.users.addMember(manager, {
          id,
          email: input.email,
          cognitoSub: sub,
          name: input.name,
          mobile,
          language: input.language,
          additionalInfo,
          agencyId: place?.agencyId ?? id,
          agencyRole: place?.role ?? 'MANAGER',
        });
        const welcome = serverMessages(input.language).welcome;
        const signInUrl = `${this.config.publicUrl}/auth/login`;
        await this.outbox.send(
          {
            channel: 'email',
            to: input.email,
            subject: welcome.subject,
            body: welcome.body({
              name: input.name,
              email: input.email,
              password: temporaryPassword,
              signInUrl,
            }),
            redactedBody: welcome.body({
              name: input.name,
              email: input.email,
              password: '••••••••',
              signInUrl,
            }),
          },
          manager,
        );
        return row;
      });
      this.logger.log({ userId: user.id }, 'Member created');
      return user;
    } catch (error) {
      // Nothing half-made: the pool user goes if the row (or its welcome e-mail) could not be written.
      await this.pool.deleteUser(this.identity.userPoolId, input.email).catch(() => undefined);
      throw error;
    }
  }

  /** Saves profile changes; a new e-mail is changed in the pool first, and changed back if the save fails. */
  async updateProfile(
    caller: AuthenticatedUser,
    user: UserEntity,
    input: UserUpdateDto,
  ): Promise<UserEntity> {
    const previousEmail = user.email;
    await this.users.prepareProfile(caller, user, input);
    const emailChanged = user.email !== previousEmail;
    if (emailChanged)
      await this.poolCall(() => this.pool.updateEmail(this.identity.userPoolId, previousEmail, user.email));
    try {
      const saved = await this.users.save(user);
      // A manager's company data is their agency's.
      if (input.additionalInfo !== undefined && saved.agencyId && saved.agencyRole === 'MANAGER') {
        await this.agencies.changeCompany(saved.agencyId, saved.additionalInfo);
      }
      return saved;
    } catch (error) {
      if (emailChanged) {
        await this.pool
          .updateEmail(this.identity.userPoolId, user.email, previousEmail)
          .catch(() => undefined);
      }
      throw error;
    }
  }

  async deactivate(caller: AuthenticatedUser, user: UserEntity): Promise<UserEntity> {
    this.assertNotSelf(caller, user);
    await this.poolCall(() => this.pool.disableUser(this.identity.userPoolId, user.email));
    user.isDisabled = true;
    return this.users.save(user);
  }

  /**
   * A manager deactivates someone of their agency: refused for its last active manager (whoever asks), and
   * for oneself. The check and the change are one transaction holding the agency's row.
   */
  async deactivateStaff(caller: AuthenticatedUser, user: UserEntity): Promise<UserEntity> {
    return this.dataSource.transaction(async (manager) => {
      await this.assertKeepsManager(manager, user);
      this.assertNotSelf(caller, user);
      await this.poolCall(() => this.pool.disableUser(this.identity.userPoolId, user.email));
      try {
        user.isDisabled = true;
        return await this.users.saveIn(manager, user);
      } catch (error) {
        await this.pool.enableUser(this.identity.userPoolId, user.email).catch(() => undefined);
        throw error;
      }
    });
  }

  /** A manager changes someone's role; the last active manager stays one. */
  async changeRole(user: UserEntity, role: AgencyRole): Promise<UserEntity> {
    if (user.agencyRole === role) return user;
    return this.dataSource.transaction(async (manager) => {
      if (role !== 'MANAGER') await this.assertKeepsManager(manager, user);
      user.agencyRole = role;
      return this.users.saveIn(manager, user);
    });
  }

  /**
   * A manager deletes someone of their agency: only once deactivated, never its last active manager, and
   * never someone who created requests (they stay in the agency's records, deactivated).
   */
  async removeStaff(
    caller: AuthenticatedUser,
    user: UserEntity,
    createdRequests: (userId: string) => Promise<boolean>,
  ): Promise<void> {
    await this.dataSource.transaction((manager) => this.assertKeepsManager(manager, user));
    this.assertNotSelf(caller, user);
    if (!user.isDisabled) throw new AppException(ErrorCode.USER_NOT_DISABLED);
    if (await createdRequests(user.id)) throw new AppException(ErrorCode.STAFF_HAS_REQUESTS);
    await this.remove(caller, user);
  }

  /** Refuses a change that would leave the agency of `user`, an active manager, without another one. */
  private async assertKeepsManager(manager: EntityManager, user: UserEntity): Promise<void> {
    if (!user.agencyId || user.agencyRole !== 'MANAGER' || user.isDisabled) return;
    await this.agencies.lock(manager, user.agencyId);
    if ((await this.users.otherActiveManagers(manager, user.agencyId, user.id)) === 0) {
      throw new AppException(ErrorCode.LAST_AGENCY_MANAGER);
    }
  }

  async reactivate(caller: AuthenticatedUser, user: UserEntity): Promise<UserEntity> {
    this.assertNotSelf(caller, user);
    await this.poolCall(() => this.pool.enableUser(this.identity.userPoolId, user.email));
    user.isDisabled = false;
    return this.users.save(user);
  }

  async remove(caller: AuthenticatedUser, user: UserEntity): Promise<void> {
    this.assertNotSelf(caller, user);
    if (!user.isDisabled) throw new AppException(ErrorCode.USER_NOT_DISABLED);
    await this.poolCall(() => this.pool.deleteUser(this.identity.userPoolId, user.email));
    await this.users.delete(user.id);
    this.logger.log({ userId: user.id }, 'Member deleted');
  }

  private assertNotSelf(caller: AuthenticatedUser, user: UserEntity): void {
    if (caller.user.id === user.id) throw new AppException(ErrorCode.SELF_ACTION_FORBIDDEN);
  }

  private async poolCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'UsernameExistsException' || name === 'AliasExistsException') {
        throw new AppException(ErrorCode.EMAIL_ALREADY_USED, { email: 'validation.emailAlreadyUsed' });
      }
      this.logger.error(
        { error: error instanceof Error ? error.message : String(error), name },
        'User pool call failed',
      );
      throw new AppException(ErrorCode.IDENTITY_PROVIDER_ERROR);
    }
  }
}
