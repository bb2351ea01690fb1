import { ApiProperty, PickType } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { AGENCY_ROLES, type AgencyRole } from '@esign/shared';
import { UserInputDto } from './user-input.dto';

/**
 * Someone a manager invites to their agency: a person as an administrator creates one (the same rules for
 * the name, e-mail, mobile and language), and their role. Unknown fields are refused.
 */
export class StaffInputDto extends PickType(UserInputDto, ['name', 'email', 'mobile', 'language'] as const) {
  @ApiProperty({ enum: AGENCY_ROLES }) @IsIn(AGENCY_ROLES) role: AgencyRole;
}

export class StaffRoleDto {
  @ApiProperty({ enum: AGENCY_ROLES }) @IsIn(AGENCY_ROLES) role: AgencyRole;
}
