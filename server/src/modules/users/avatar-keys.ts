/** Where a user's logo and its thumbnail are stored: server-made keys, never from input. */
export function avatarKeys(userId: string): { upload: string; logo: string; thumbnail: string } {
  return {
    upload: `avatars/${userId}/upload`,
    logo: `avatars/${userId}/logo.png`,
    thumbnail: `avatars/${userId}/thumbnail.png`,
  };
}
