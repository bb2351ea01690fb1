import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode } from '@esign/shared';
import { type Request, type Response } from 'express';
import { AppException } from '../../common/app-exception';
import { Public } from '../users/auth.guard';
import { TIMESTAMP_AUTHORITY, type TimestampAuthority } from './timestamp-authority';
import { LocalTimestampAuthority } from './local-timestamp-authority';
import { TIMESTAMP_QUERY_MEDIA_TYPE, TIMESTAMP_REPLY_MEDIA_TYPE } from './timestamp-protocol';

/** A TimeStampReq is under 200 bytes; anything near this is not one. */
const MAX_REQUEST_BYTES = 16 * 1024;

async function readBody(request: Request): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) throw new AppException(ErrorCode.FILE_TOO_LARGE);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The development time-stamp authority over HTTP (RFC 3161 §3.4), so that any RFC 3161 client can use it.
 * Mounted only while the built-in authority is in use.
 */
@ApiTags('platform')
@Public()
@Controller('tsa')
export class TimestampController {
  constructor(@Inject(TIMESTAMP_AUTHORITY) private readonly authority: TimestampAuthority) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'RFC 3161 time-stamp requests (application/timestamp-query), development authority',
  })
  async timestamp(@Req() request: Request, @Res() response: Response): Promise<void> {
    if (!(this.authority instanceof LocalTimestampAuthority)) throw new AppException(ErrorCode.NOT_FOUND);
    if (request.headers['content-type']?.split(';')[0]?.trim() !== TIMESTAMP_QUERY_MEDIA_TYPE) {
      throw new AppException(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
    }
    const reply = await this.authority.handleTimestampRequest(await readBody(request));
    response.setHeader('Content-Type', TIMESTAMP_REPLY_MEDIA_TYPE);
    response.setHeader('Cache-Control', 'no-store');
    response.end(reply);
  }
}
