import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ADMIN_GROUP } from '@esign/shared';
import { randomInt } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { CognitoAdmin } from '../identity/cognito-admin';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../identity/identity-settings';
import { UsersService } from './users.service';

/** A password that meets the pool's rule: 20 characters from a look-alike-free alphabet, each class present. */
export function generatePassword(): string {
  const classes = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#%+-=?@'];
  const all = classes.join('');
  const chars = classes.map((set) => set[randomInt(set.length)] as string);
  while (chars.length < 20) chars.push(all[randomInt(all.length)] as string);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/**
 * On the first start (no administrator yet), creates the administrator in the pool with a permanent password
 * and prints the credentials once, on standard output, not in the logs.
 */
@Injectable()
export class AdministratorSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdministratorSeeder');

  constructor(
    private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly admin: CognitoAdmin,
    @Inject(IDENTITY_SETTINGS) private readonly identity: IdentitySettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (await this.users.hasAdministrator()) return;
    const email = this.config.env.ADMIN_EMAIL.toLowerCase();
    const password = this.config.env.ADMIN_PASSWORD ?? generatePassword();
    const poolId = this.identity.userPoolId;
    const sub =
      (await this.admin.findUserSub(poolId, email)) ?? (await this.admin.createUser(poolId, email, password));
    await this.admin.setPermanentPassword(poolId, email, password);
    await this.admin.addToGroup(poolId, email, ADMIN_GROUP);
    await this.users.createAdministrator(email, sub);
    this.logger.log('Administrator seeded');
    if (this.config.env.NODE_ENV === 'test') return;
    const shown = this.config.env.ADMIN_PASSWORD ? '(the value of ADMIN_PASSWORD)' : password;
    process.stdout.write(
      `\n  Administrator account created — shown only this once:\n    e-mail:   ${email}\n    password: ${shown}\n\n`,
    );
  }
}
