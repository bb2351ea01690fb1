import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type UserView } from '@esign/shared';
import { type AuthenticatedUser, toUserView } from './authenticated-user';
import { CurrentUser } from './current-user.decorator';

@ApiTags('users')
@ApiBearerAuth()
@Controller()
export class UsersController {
  @Post('verify_token')
  @HttpCode(200)
  @ApiOperation({ summary: 'The signed-in user, if the bearer ID token is valid' })
  verifyToken(@CurrentUser() caller: AuthenticatedUser): UserView {
    return toUserView(caller.user, caller.groups);
  }

  @Get('users/me')
  @ApiOperation({ summary: 'The signed-in user' })
  me(@CurrentUser() caller: AuthenticatedUser): UserView {
    return toUserView(caller.user, caller.groups);
  }
}
