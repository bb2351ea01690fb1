import { Controller, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { ErrorCode, MAX_PDF_BYTES, MAX_VERIFIED_SIGNATURES, type VerificationReport } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { Public } from '../users/auth.guard';
import { Client, type ClientInfo } from '../../common/client-info.decorator';
import { verifyRateLimit } from './verify-rate-limit';
import { VerificationService } from './verification.service';
import { ReadsOwnBody } from '../../common/json-body';

@ApiTags('verification')
@Controller('verify')
export class VerificationController {
  constructor(private readonly verification: VerificationService) {}

  @Post()
  @Public()
  @ReadsOwnBody()
  @HttpCode(200)
  @Throttle({ default: { limit: verifyRateLimit, ttl: 60_000 } })
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_PDF_BYTES, files: 1 } }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({
    summary:
      'What the platform knows of a PDF: its signatures, and whether it sealed it unchanged. At most ' +
      `${MAX_VERIFIED_SIGNATURES} signatures are examined (422 PDF_TOO_MANY_SIGNATURES beyond); a few ` +
      'verifications per client address at once (429 with Retry-After beyond)',
  })
  // Without a storage option multer keeps the file in memory, within the size limit.
  verify(
    @UploadedFile() file: { buffer: Buffer } | undefined,
    @Client() client: ClientInfo,
  ): Promise<VerificationReport> {
    if (!file) throw new AppException(ErrorCode.VALIDATION_FAILED, { file: 'validation.required' });
    return this.verification.verify(file.buffer, client.ip ?? 'unknown');
  }
}
