import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { type AssigneeInput } from '@esign/shared';

export class AssigneeDto implements AssigneeInput {
  @ApiProperty({ format: 'uuid', description: 'An active person of the same agency' })
  @IsUUID('all', { message: 'validation.assignee' })
  userId: string;
}
