import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { ErrorCode } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage.port';
import { avatarKeys } from './avatar-keys';
import { AgencyStore } from './agency-store';
import { type UserEntity } from './user.entity';
import { UsersService } from './users.service';

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const UPLOAD_URL_SECONDS = 300;
const THUMBNAIL_SIZE = 64;

/**
 * Logos: the browser PUTs the image to a pre-signed address, then asks for it to be processed. The server
 * decodes it (PNG or JPEG only, whatever the name says), resizes it (210 wide when
 * landscape, 190 high when portrait), re-encodes PNG and makes the thumbnail. The upload itself is deleted.
 */
@Injectable()
export class AvatarService {
  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly users: UsersService,
    private readonly agencies: AgencyStore,
  ) {}

  async uploadUrl(user: UserEntity): Promise<{ url: string; maxBytes: number; contentType: string }> {
    const url = await this.storage.createUploadUrl(avatarKeys(user.id).upload, {
      contentType: 'image/png',
      maxBytes: MAX_UPLOAD_BYTES,
      expiresInSeconds: UPLOAD_URL_SECONDS,
    });
    return { url, maxBytes: MAX_UPLOAD_BYTES, contentType: 'image/png' };
  }

  async process(user: UserEntity): Promise<UserEntity> {
    const keys = avatarKeys(user.id);
    const source = await this.readUpload(keys.upload);
    const { logo, thumbnail } = await this.render(source);
    await this.storage.put(keys.logo, logo, 'image/png');
    await this.storage.put(keys.thumbnail, thumbnail, 'image/png');
    await this.storage.delete(keys.upload);
    user.logoKey = keys.logo;
    const saved = await this.users.save(user);
    // A manager's logo is their agency's.
    if (saved.agencyId && saved.agencyRole === 'MANAGER')
      await this.agencies.changeLogo(saved.agencyId, keys.logo);
    return saved;
  }

  private async readUpload(key: string): Promise<Buffer> {
    try {
      await this.storage.confirmUploadSize(key, MAX_UPLOAD_BYTES);
      return await this.storage.get(key);
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'ObjectTooLargeError') throw new AppException(ErrorCode.FILE_TOO_LARGE);
      throw new AppException(ErrorCode.INVALID_UPLOAD, { file: 'validation.uploadMissing' });
    }
  }

  private async render(source: Buffer): Promise<{ logo: Buffer; thumbnail: Buffer }> {
    // Bounded decoding: a hostile image cannot ask for gigapixels of memory.
    const image = sharp(source, { limitInputPixels: 40_000_000, failOn: 'error' });
    const metadata = await image.metadata().catch(() => undefined);
    if (!metadata || (metadata.format !== 'png' && metadata.format !== 'jpeg')) {
      throw new AppException(ErrorCode.INVALID_UPLOAD, { file: 'validation.imageType' });
    }
    const landscape = (metadata.width ?? 0) >= (metadata.height ?? 0);
    const logo = await image
      .clone()
      .rotate()
      .resize(landscape ? { width: 210 } : { height: 190 })
      .png()
      .toBuffer();
    const thumbnail = await image
      .clone()
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, {
        fit: 'contain',
        background: { r: 255, g: 255, b: 255, alpha: 0 },
      })
      .png()
      .toBuffer();
    return { logo, thumbnail };
  }
}
