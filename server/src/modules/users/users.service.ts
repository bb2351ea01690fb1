import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, type Repository } from 'typeorm';
import {
  ErrorCode,
  hasAdminRights,
  isLocale,
  normalizeMobile,
  type AdditionalInfo,
  type Locale,
  type UserView,
} from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { Batcher } from '../../common/batcher';
import { likePattern } from '../../common/list-query';
import { preparedQuery, preparedStatement, type PreparedStatement } from '../../common/prepared-query';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { type AuthenticatedUser, isAdmin, toUserView } from './authenticated-user';
import { type UserUpdateDto } from './dto/user-input.dto';
import { UserEntity } from './user.entity';
import { type UserListQuery } from './user-list-query';
import { avatarKeys } from './avatar-keys';
import { EmailPolicy } from './email-policy';

const LOGO_URL_SECONDS = 300;
const SORT_COLUMNS: Record<UserListQuery['sortField'], string> = {
  name: 'u.name',
  email: 'u.email',
  createdAt: 'u.created_at',
  isDisabled: 'u.is_disabled',
};

/** The WHERE clause of a users list over `app_user u`, and its parameters from $1. */
function userListFilter(query: UserListQuery): { where: string; parameters: unknown[] } {
  const conditions: string[] = [];
  const parameters: unknown[] = [];
  if (query.status) {
    parameters.push(query.status === 'disabled');
    conditions.push(`u.is_disabled = $${parameters.length}`);
  }
  if (query.q) {
    parameters.push(likePattern(query.q));
    const p = `$${parameters.length}`;
    conditions.push(
      `(u.name ILIKE ${p} OR u.email ILIKE ${p} OR u.additional_info->'company'->>'name' ILIKE ${p})`,
    );
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', parameters };
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Section by section, so that sending the address does not erase the company, nor one field the others. */
export function mergeAdditionalInfo(current: AdditionalInfo, update: AdditionalInfo): AdditionalInfo {
  const merged: AdditionalInfo = { ...current };
  if (update.email !== undefined) merged.email = update.email;
  if (update.address) merged.address = { ...current.address, ...definedOnly(update.address) };
  if (update.company) merged.company = { ...current.company, ...definedOnly(update.company) };
  return merged;
}

@Injectable()
export class UsersService {
  private readonly logger = new Logger('Users');
  /** findBySub's statement, written from the entity's columns on first use. */
  private bySub?: PreparedStatement;
  private readonly bySubBatch = new Batcher<string, UserEntity | null>((subs) => this.findBySubs(subs));

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly emailPolicy: EmailPolicy,
  ) {}

  /**
   * The account signed in as `sub`, read when asked (a disabled account is refused at once). Every
   * authenticated call asks, so the calls arriving together are answered by one statement (see Batcher),
   * written once from the entity's columns and prepared; each caller gets its own entity, hydrated as the
   * repository would, rather than built by the query builder on each call.
   */
  findBySub(sub: string): Promise<UserEntity | null> {
    return this.bySubBatch.submit(sub);
  }

  private async findBySubs(subs: string[]): Promise<(UserEntity | null)[]> {
    this.bySub ??= preparedStatement(
      `SELECT ${this.columnList()} FROM app_user u WHERE cognito_sub = ANY($1::text[])`,
    );
    const rows = await preparedQuery<Record<string, unknown>>(this.users.manager.connection, this.bySub, [
      [...new Set(subs)],
    ]);
    const bySub = new Map(rows.map((row) => [row.cognito_sub, row]));
    return subs.map((sub) => {
      const row = bySub.get(sub);
      return row ? this.hydrate(row) : null;
    });
  }

  /** Every column of the entity, as `u."column"`. */
  private columnList(): string {
    return this.users.metadata.columns.map((column) => `u."${column.databaseName}"`).join(', ');
  }

  /** An entity from a row of `columnList()`, hydrated as the repository would. */
  private hydrate(row: Record<string, unknown>): UserEntity {
    const { driver } = this.users.manager.connection;
    const user = this.users.create();
    for (const column of this.users.metadata.columns) {
      column.setEntityValue(user, driver.prepareHydratedValue(row[column.databaseName], column));
    }
    return user;
  }

  hasAdministrator(): Promise<boolean> {
    return this.users.existsBy({ role: 'ADMIN' });
  }

  /** Links a pool user to a new administrator row (first start). */
  async createAdministrator(email: string, sub: string): Promise<UserEntity> {
    const row = await this.users.save(
      this.users.create({
        email,
        cognitoSub: sub,
        name: 'Administrateur',
        language: 'fr',
        role: 'ADMIN',
        isDisabled: false,
        additionalInfo: {},
      }),
    );
    this.logger.log({ userId: row.id }, 'Administrator account created');
    return row;
  }

  /** The view of a user, with short-lived addresses of their logo and its thumbnail. */
  async view(user: UserEntity, groups: string[] = []): Promise<UserView> {
    const base = toUserView(user, groups);
    if (!user.logoKey) return base;
    const keys = avatarKeys(user.id);
    const [logoUrl, thumbnailUrl] = await Promise.all(
      [keys.logo, keys.thumbnail].map((key) =>
        this.storage.createDownloadUrl(key, {
          downloadName: 'logo.png',
          contentType: 'image/png',
          expiresInSeconds: LOGO_URL_SECONDS,
        }),
      ),
    );
    return { ...base, logoUrl: logoUrl ?? null, thumbnailUrl: thumbnailUrl ?? null };
  }

  /**
   * A page of the users. The page's bounds are parameters, never in the statement's text, and the statement
   * is not kept: its shape follows the caller's sort and filter.
   */
  async list(query: UserListQuery): Promise<{ items: UserView[]; total: number }> {
    const { where, parameters } = userListFilter(query);
    const order = `${SORT_COLUMNS[query.sortField]} ${query.sortOrder}, u.id ASC`;
    const bounds = parameters.length;
    const [rows, counted] = await Promise.all([
      this.users.query<Record<string, unknown>[]>(
        `SELECT ${this.columnList()} FROM app_user u ${where}
          ORDER BY ${order} LIMIT $${bounds + 1} OFFSET $${bounds + 2}`,
        [...parameters, query.limit, query.offset],
      ),
      this.users.query<{ total: number }[]>(
        `SELECT count(*)::integer AS total FROM app_user u ${where}`,
        parameters,
      ),
    ]);
    const items = await Promise.all(rows.map((row) => this.view(this.hydrate(row))));
    return { items, total: counted[0]?.total ?? 0 };
  }

  /**
   * The user `id` (or `me`) as the caller may see it. Anyone else's account is, for a non-administrator,
   * exactly as missing as an id that does not exist: same 404, nothing learned.
   */
  async findVisible(caller: AuthenticatedUser, id: string): Promise<UserEntity> {
    if (id === 'me' || id === caller.user.id) return caller.user;
    if (!isAdmin(caller)) throw new AppException(ErrorCode.NOT_FOUND);
    const user = /^[0-9a-f-]{36}$/i.test(id) ? await this.users.findOneBy({ id }) : null;
    if (!user) throw new AppException(ErrorCode.NOT_FOUND);
    return user;
  }

  /**
   * Checks and applies profile changes to `user` in memory (saved by MemberAccountsService, which keeps the
   * pool's e-mail in step). Only administrators change e-mails.
   */
  async prepareProfile(caller: AuthenticatedUser, user: UserEntity, input: UserUpdateDto): Promise<void> {
    const changes: Partial<UserEntity> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.language !== undefined) changes.language = input.language;
    if (input.mobile !== undefined) changes.mobile = this.mobileChange(user, input.mobile);
    if (input.additionalInfo !== undefined)
      changes.additionalInfo = mergeAdditionalInfo(user.additionalInfo, input.additionalInfo);
    if (input.email !== undefined && input.email !== user.email) {
      if (!isAdmin(caller))
        throw new AppException(ErrorCode.FORBIDDEN, { email: 'validation.emailChangeForbidden' });
      this.emailPolicy.assertAllowed(input.email);
      await this.assertEmailFree(input.email, user.id);
      changes.email = input.email;
    }
    Object.assign(user, changes);
  }

  async setLanguage(user: UserEntity, language: Locale): Promise<UserEntity> {
    user.language = language;
    return this.users.save(user);
  }

  /** Consent is the user's own act: nobody gives it for someone else, an administrator included. */
  async approveGdpr(caller: AuthenticatedUser, user: UserEntity): Promise<UserEntity> {
    if (user.id !== caller.user.id) throw new AppException(ErrorCode.FORBIDDEN);
    user.gdprApprovedAt ??= new Date();
    return this.users.save(user);
  }

  /**
   * A member's mobile stays set (a valid mobile number): it is how the chamber reaches them. An
   * administrator's account (the one made from ADMIN_EMAIL has none) may leave it empty, sent as null or "".
   */
  private mobileChange(user: UserEntity, mobile: string | null): string | null {
    const empty = mobile === null || (typeof mobile === 'string' && mobile.trim() === '');
    if (empty && hasAdminRights({ groups: [], role: user.role })) return null;
    if (empty) throw new AppException(ErrorCode.VALIDATION_FAILED, { mobile: 'validation.mobile' });
    return this.mobileOrFail(mobile);
  }

  mobileOrFail(mobile: string): string {
    const normalized = normalizeMobile(mobile);
    if (!normalized) throw new AppException(ErrorCode.VALIDATION_FAILED, { mobile: 'validation.mobile' });
    return normalized;
  }

  async assertEmailFree(email: string, exceptId?: string): Promise<void> {
    const existing = await this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
    if (existing && existing.id !== exceptId) {
      throw new AppException(ErrorCode.EMAIL_ALREADY_USED, { email: 'validation.emailAlreadyUsed' });
    }
  }

  async save(user: UserEntity): Promise<UserEntity> {
    try {
      return await this.users.save(user);
    } catch (error) {
      // The unique index settles a race between two changes to the same e-mail.
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505') {
        throw new AppException(ErrorCode.EMAIL_ALREADY_USED, { email: 'validation.emailAlreadyUsed' });
      }
      throw error;
    }
  }

  /** A new member account of an agency, in the caller's transaction (with its welcome e-mail). */
  addMember(
    manager: EntityManager,
    fields: Pick<
      UserEntity,
      | 'id'
      | 'email'
      | 'cognitoSub'
      | 'name'
      | 'mobile'
      | 'language'
      | 'additionalInfo'
      | 'agencyId'
      | 'agencyRole'
    >,
  ): Promise<UserEntity> {
    return manager.save(
      UserEntity,
      manager.create(UserEntity, { ...fields, role: 'MEMBER', isDisabled: false }),
    );
  }

  /** The people of an agency, active and deactivated, by name. */
  staffOf(agencyId: string): Promise<UserEntity[]> {
    return this.users.find({ where: { agencyId }, order: { name: 'ASC', email: 'ASC', id: 'ASC' } });
  }

  staffCount(agencyId: string): Promise<number> {
    return this.users.countBy({ agencyId });
  }

  /**
   * The active managers of an agency other than `exceptId`, read in the caller's transaction (which holds the
   * agency's row: see AgencyStore.lock).
   */
  otherActiveManagers(manager: EntityManager, agencyId: string, exceptId: string): Promise<number> {
    return manager
      .createQueryBuilder(UserEntity, 'u')
      .where(
        'u.agency_id = :agencyId AND u.agency_role = :role AND NOT u.is_disabled AND u.id <> :exceptId',
        {
          agencyId,
          role: 'MANAGER',
          exceptId,
        },
      )
      .getCount();
  }

  /** Saves the account in the caller's transaction. */
  saveIn(manager: EntityManager, user: UserEntity): Promise<UserEntity> {
    return manager.save(UserEntity, user);
  }

  /** Deletes the account; its requests and documents go with it (the foreign keys cascade). */
  async delete(id: string): Promise<void> {
    await this.users.delete({ id });
  }

  /** The logo a person's requests carry: their agency's (its managers upload it), else their own. */
  async logoKeyOf(user: UserEntity): Promise<string | null> {
    if (!user.agencyId) return user.logoKey;
    const [row] = await this.users.query<{ logo_key: string | null }[]>(
      `SELECT logo_key FROM agency WHERE id = $1`,
      [user.agencyId],
    );
    return row?.logo_key ?? user.logoKey;
  }

  /** The account `id`, read with `manager` when given (in the caller's transaction; see ownerOf). */
  findById(id: string, manager?: EntityManager): Promise<UserEntity | null> {
    return (manager ?? this.users.manager).findOneBy(UserEntity, { id });
  }

  /**
   * The account that owns a request, read with `manager` when given (in the caller's transaction: PGlite has
   * one connection, which a read beside an open transaction would wait for). It exists while the request
   * does: deleting an account deletes its requests.
   */
  ownerOf(ownerId: string, manager?: EntityManager): Promise<UserEntity> {
    return (manager ?? this.users.manager).findOneByOrFail(UserEntity, { id: ownerId });
  }

  /** The account a sign-in name designates: its e-mail (any case) or its pool user id. */
  async findBySignInName(name: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:name) OR u.cognito_sub = :name', { name })
      .getOne();
  }

  /** The language of the account with this e-mail, if there is one: what its e-mails are written in. */
  async languageOf(email: string): Promise<Locale | undefined> {
    const rows = await this.users.query<{ language: string }[]>(
      'SELECT language FROM app_user WHERE lower(email) = lower($1)',
      [email],
    );
    const language = rows[0]?.language;
    return isLocale(language) ? language : undefined;
  }

  /** Members (administrators aside) who can sign in, and those deactivated. */
  async memberCounts(): Promise<{ active: number; deactivated: number }> {
    const [row] = await this.users.query<{ active: number; deactivated: number }[]>(
      `SELECT count(*) FILTER (WHERE NOT is_disabled)::int AS active,
              count(*) FILTER (WHERE is_disabled)::int AS deactivated
         FROM app_user WHERE role <> 'ADMIN'`,
    );
    return { active: row?.active ?? 0, deactivated: row?.deactivated ?? 0 };
  }

  /** The name shown for each account: its name, else its company's, else its e-mail. */
  async displayNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.users.query<{ id: string; name: string }[]>(
      `SELECT id, coalesce(nullif(trim(name), ''), additional_info->'company'->>'name', email) AS name
         FROM app_user WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /**
   * The members (`memberId` alone, if given) whose account was active at some moment of [from, until): the
   * periods are kept by a trigger on the account table, so a later deactivation or deletion never changes
   * the answer for a past month.
   */
  async activeDuring(from: Date, until: Date, memberId: string | null): Promise<string[]> {
    const rows = await this.users.query<{ member_id: string }[]>(
      `SELECT DISTINCT member_id FROM member_activity
        WHERE active_from < $2 AND (active_until IS NULL OR active_until >= $1)
          AND ($3::uuid IS NULL OR member_id = $3::uuid)`,
      [from, until, memberId],
    );
    return rows.map((row) => row.member_id);
  }
}
