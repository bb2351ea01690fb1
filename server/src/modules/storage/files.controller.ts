import { Public } from '../users/auth.guard';
import {
  Controller,
  Get,
  HttpCode,
  HttpException,
  Inject,
  Param,
  Put,
  Query,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { ErrorCode } from '@esign/shared';
import type { Request, Response } from 'express';
import { PassThrough } from 'node:stream';
import { AppException } from '../../common/app-exception';
import { attachmentContentDisposition } from './content-disposition';
import { FilesystemStorage } from './filesystem-storage';
import { OBJECT_STORAGE, type ObjectStorage } from './object-storage.port';
import type { DownloadGrant, UploadGrant } from './signed-file-url';
import {
  FileUrlRejectedError,
  InvalidObjectKeyError,
  ObjectNotFoundError,
  ObjectTooLargeError,
  UploadUrlUsedError,
} from './storage-errors';
import { ReadsOwnBody } from '../../common/json-body';

type QueryParameters = Record<string, unknown>;

/**
 * The embedded mode's stand-in for S3 pre-signed URLs: the browser PUTs and GETs files here with
 * the URLs FilesystemStorage signed. With S3 configured, the route answers 404.
 */
// Public: the signature in the address is the authorisation, as with S3 pre-signed URLs.
@Public()
@Controller('files')
export class FilesController {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  @Put('*key')
  @ReadsOwnBody()
  @HttpCode(204)
  async upload(
    @Param('key') segments: string[],
    @Query() query: QueryParameters,
    @Req() request: Request,
  ): Promise<void> {
    try {
      const storage = this.filesystemStorage();
      const grant = storage.verifyUploadUrl(segments.join('/'), query);
      assertUploadFits(request, grant);
      // Once per URL: a replay, or the loser of concurrent PUTs, gets 409 UPLOAD_URL_USED.
      await storage.receiveUpload(grant, detachedBody(request));
    } catch (error) {
      // Read off what the client is still sending, as body-parser does, so it gets the answer
      // instead of a reset connection; nothing of it is kept.
      request.resume();
      throw toHttpException(error);
    }
  }

  @Get('*key')
  async download(
    @Param('key') segments: string[],
    @Query() query: QueryParameters,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    try {
      const storage = this.filesystemStorage();
      const grant = storage.verifyDownloadUrl(segments.join('/'), query);
      const { stream, size } = await storage.openObject(grant.key);
      response.set(downloadHeaders(grant, size));
      return new StreamableFile(stream);
    } catch (error) {
      throw toHttpException(error);
    }
  }

  private filesystemStorage(): FilesystemStorage {
    if (!(this.storage instanceof FilesystemStorage)) throw new AppException(ErrorCode.NOT_FOUND);
    return this.storage;
  }
}

function assertUploadFits(request: Request, grant: UploadGrant): void {
  // Like an S3 URL signed for one Content-Type, the upload must declare the type it was granted.
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== grant.contentType.toLowerCase()) throw new AppException(ErrorCode.FORBIDDEN);
  // A declared length over the limit is refused before reading; the streamed count is the real check.
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  if (declaredLength > grant.maxBytes) throw new AppException(ErrorCode.FILE_TOO_LARGE);
}

/**
 * The request body as its own stream: when storing stops it (too large), only this stream is
 * destroyed, not the request and its socket, which the error answer still has to go out on.
 */
function detachedBody(request: Request): PassThrough {
  const body = new PassThrough();
  request.once('error', (error) => body.destroy(error));
  request.once('close', () => {
    if (!request.complete) body.destroy(new Error('The upload was interrupted'));
  });
  return request.pipe(body);
}

function downloadHeaders(grant: DownloadGrant, size: number): Record<string, string> {
  return {
    'Content-Type': grant.contentType,
    'Content-Length': String(size),
    'Content-Disposition': attachmentContentDisposition(grant.downloadName, grant.contentType),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    // Should a browser still render the file (an SVG, some HTML), it runs nothing and loads nothing.
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
}

function toHttpException(error: unknown): unknown {
  if (error instanceof HttpException) return error;
  if (error instanceof FileUrlRejectedError) return new AppException(ErrorCode.FORBIDDEN);
  if (error instanceof ObjectTooLargeError) return new AppException(ErrorCode.FILE_TOO_LARGE);
  if (error instanceof ObjectNotFoundError) return new AppException(ErrorCode.NOT_FOUND);
  if (error instanceof UploadUrlUsedError) return new AppException(ErrorCode.UPLOAD_URL_USED);
  if (error instanceof InvalidObjectKeyError) return new AppException(ErrorCode.BAD_REQUEST);
  return error;
}
