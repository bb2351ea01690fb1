import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, type Repository } from 'typeorm';
import { type AdditionalInfo } from '@esign/shared';
import { AgencyEntity } from './agency.entity';

/** The name an agency is known by: its company's name, else its first manager's name, else their e-mail. */
export function agencyNameOf(fields: {
  name: string;
  email: string;
  additionalInfo: AdditionalInfo;
}): string {
  return fields.additionalInfo.company?.name?.trim() || fields.name.trim() || fields.email;
}

/** The one writer of `agency`: an agency founded, its company data and logo changed, its row locked. */
@Injectable()
export class AgencyStore {
  constructor(@InjectRepository(AgencyEntity) private readonly agencies: Repository<AgencyEntity>) {}

  /**
   * A new agency, in the caller's transaction. Its id is its first manager's account id, as for the agencies
   * made from the members that existed before agencies did: what was counted per member is counted per
   * agency under the same id.
   */
  found(
    manager: EntityManager,
    fields: { id: string; name: string; additionalInfo: AdditionalInfo },
  ): Promise<AgencyEntity> {
    return manager.save(AgencyEntity, manager.create(AgencyEntity, { ...fields, logoKey: null }));
  }

  /** The company data, as the agency's manager changed it on their profile; the name follows the company's. */
  async changeCompany(id: string, additionalInfo: AdditionalInfo): Promise<void> {
    const name = additionalInfo.company?.name?.trim();
    await this.agencies.update({ id }, name ? { additionalInfo, name } : { additionalInfo });
  }

  async changeLogo(id: string, logoKey: string): Promise<void> {
    await this.agencies.update({ id }, { logoKey });
  }

  /**
   * Takes the agency's row for update in the caller's transaction: changes to one agency's staff take turns,
   * so that two managers deactivating each other at once cannot leave the agency without an active one.
   */
  async lock(manager: EntityManager, id: string): Promise<AgencyEntity | null> {
    return manager.findOne(AgencyEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findById(id: string): Promise<AgencyEntity | null> {
    return this.agencies.findOneBy({ id });
  }
}
