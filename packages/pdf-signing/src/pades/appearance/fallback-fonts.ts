import { readFileSync } from 'node:fs';
import type { Font } from '@cantoo/fontkit';
import { loadFont } from './text-layout';

/** Han ideographs (with their punctuation and full-width forms), Hangul and kana: scripts DejaVu lacks. */
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

let notoSansSc: Font | undefined;

/** Whether a text needs the CJK fallback face. */
export function needsCjkFace(texts: readonly string[]): boolean {
  return texts.some((text) => CJK.test(text));
}

/**
 * Noto Sans SC (TrueType outlines, OFL), for Chinese names such as 张伟. The file is 10 MB, so it is parsed
 * only when a text needs it, once per thread; only the glyphs used are embedded.
 */
export function cjkFace(): Font {
  notoSansSc ??= loadFont(
    readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
  );
  return notoSansSc;
}
