/** Logo formats the API accepts. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg'] as const;
const AVATAR_EXTENSIONS = /\.(png|jpe?g)$/i;

const LANDSCAPE_WIDTH = 210;
const PORTRAIT_HEIGHT = 190;

export function isAcceptedAvatar(file: Pick<File, 'name' | 'type'>): boolean {
  return (AVATAR_TYPES as readonly string[]).includes(file.type) && AVATAR_EXTENSIONS.test(file.name);
}

/** The size a logo is drawn at: 210 wide when landscape, 190 high when portrait. */
export function avatarSize(width: number, height: number): { width: number; height: number } {
  if (width >= height) {
    return { width: LANDSCAPE_WIDTH, height: Math.max(1, Math.round((height * LANDSCAPE_WIDTH) / width)) };
  }
  return { width: Math.max(1, Math.round((width * PORTRAIT_HEIGHT) / height)), height: PORTRAIT_HEIGHT };
}

/** Redraws the image at the logo size as PNG, the one format the upload address expects. */
export async function toAvatarPng(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const size = avatarSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images');
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))),
      'image/png',
    );
  });
}
