import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type Repository } from 'typeorm';
import { UserEntity } from './user.entity';

@Injectable()
export class UsersService {
  private readonly logger = new Logger('Users');

  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findBySub(sub: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ cognitoSub: sub });
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
}
