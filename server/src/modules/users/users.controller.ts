import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type UserView } from '@esign/shared';
import { type Response } from 'express';
import { AdminOnly, AllowWithoutConsent } from './auth.guard';
import { type AuthenticatedUser } from './authenticated-user';
import { AvatarService } from './avatar.service';
import { CurrentUser } from './current-user.decorator';
import { GdprDto, LanguageDto, UserInputDto, UserUpdateDto } from './dto/user-input.dto';
import { MemberAccountsService } from './member-accounts.service';
import { contentRange, parseUserListQuery, type ListQueryParams } from './user-list-query';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly accounts: MemberAccountsService,
    private readonly avatars: AvatarService,
  ) {}

  @Post('verify_token')
  @HttpCode(200)
  @AllowWithoutConsent()
  @ApiOperation({ summary: 'The signed-in user, if the bearer ID token (or `api_token`) is valid' })
  verifyToken(@CurrentUser() caller: AuthenticatedUser): Promise<UserView> {
    return this.users.view(caller.user, caller.groups);
  }

  @Get('users')
  @AdminOnly()
  @ApiOperation({ summary: 'Users (ra-data-simple-rest: sort, range, filter {q, status}; Content-Range)' })
  async list(
    @Query() params: ListQueryParams,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UserView[]> {
    const query = parseUserListQuery(params);
    const { items, total } = await this.users.list(query);
    response.setHeader('Content-Range', contentRange('users', query.offset, items.length, total));
    return items;
  }

  @Post('users')
  @AdminOnly()
  @ApiOperation({
    summary: 'Create a member: pool user with a temporary password, welcome e-mail in their language',
  })
  async create(@Body() input: UserInputDto): Promise<UserView> {
    return this.users.view(await this.accounts.create(input));
  }

  @Get('users/:id')
  @AllowWithoutConsent()
  @ApiOperation({ summary: 'One user; `me` for oneself. Others: administrators only (404 otherwise)' })
  async get(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string): Promise<UserView> {
    const user = await this.users.findVisible(caller, id);
    return this.users.view(user, user.id === caller.user.id ? caller.groups : []);
  }

  @Post('users/:id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a profile (also PUT); only administrators change e-mails' })
  update(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body() input: UserUpdateDto,
  ): Promise<UserView> {
    return this.applyUpdate(caller, id, input);
  }

  @Put('users/:id')
  @ApiOperation({ summary: 'Update a profile (react-admin)' })
  replace(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body() input: UserUpdateDto,
  ): Promise<UserView> {
    return this.applyUpdate(caller, id, input);
  }

  @Delete('users/:id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a deactivated member (pool user and row)' })
  async remove(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string): Promise<{ id: string }> {
    const user = await this.users.findVisible(caller, id);
    await this.accounts.remove(caller, user);
    return { id: user.id };
  }

  @Post('users/:id/language')
  @HttpCode(200)
  @AllowWithoutConsent()
  @ApiOperation({ summary: "Change a user's interface language" })
  async language(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body() input: LanguageDto,
  ): Promise<UserView> {
    const user = await this.users.findVisible(caller, id);
    return this.users.view(await this.users.setLanguage(user, input.language));
  }

  @Get('users/:id/avatar')
  @ApiOperation({ summary: 'A pre-signed address to PUT the logo to (image/png, at most 5 MB)' })
  async avatarUploadUrl(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<{ avatar: { url: string } }> {
    const { url } = await this.avatars.uploadUrl(await this.users.findVisible(caller, id));
    return { avatar: { url } };
  }

  @Post('users/:id/avatar')
  @HttpCode(200)
  @ApiOperation({ summary: 'Process the uploaded logo: resize, PNG, thumbnail' })
  async avatarProcess(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<{ url: string | null; urlLogo: string | null; urlThumbnail: string | null }> {
    const view = await this.users.view(await this.avatars.process(await this.users.findVisible(caller, id)));
    return { url: view.logoUrl, urlLogo: view.logoUrl, urlThumbnail: view.thumbnailUrl };
  }

  @Post('users/:id/access')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Reactivate a member' })
  async enable(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<{ user: UserView }> {
    const user = await this.accounts.reactivate(caller, await this.users.findVisible(caller, id));
    return { user: await this.users.view(user) };
  }

  @Delete('users/:id/access')
  @AdminOnly()
  @ApiOperation({ summary: 'Deactivate a member' })
  async disable(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<{ user: UserView }> {
    const user = await this.accounts.deactivate(caller, await this.users.findVisible(caller, id));
    return { user: await this.users.view(user) };
  }

  @Post('users/:id/gdpr')
  @HttpCode(200)
  @AllowWithoutConsent()
  @ApiOperation({ summary: 'Record the signed-in user’s data-protection consent' })
  async gdpr(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body() _input: GdprDto,
  ): Promise<UserView> {
    const user = await this.users.findVisible(caller, id);
    return this.users.view(await this.users.approveGdpr(caller, user), caller.groups);
  }

  private async applyUpdate(caller: AuthenticatedUser, id: string, input: UserUpdateDto): Promise<UserView> {
    const user = await this.users.findVisible(caller, id);
    const updated = await this.accounts.updateProfile(caller, user, input);
    return this.users.view(updated, updated.id === caller.user.id ? caller.groups : []);
  }
}
