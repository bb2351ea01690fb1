// Turns one language's texts and screenshots into an HTML guide, then prints it to an A4 PDF with Chromium.
// The table of contents gets its page numbers from a first print, read back with poppler's pdftotext.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const escape = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** Texts may hold <strong>, <em> and <kbd>: they are ours, not user input, and nothing else is allowed. */
const rich = (text) =>
  escape(text).replace(/&lt;(\/?)(strong|em|kbd)&gt;/g, (_m, slash, tag) => `<${slash}${tag}>`);

const CSS = `
@page { size: A4; margin: 20mm 17mm 18mm 17mm; }
* { box-sizing: border-box; }
body { font-family: 'Noto Sans', 'DejaVu Sans', Arial, sans-serif; font-size: 10.2pt; line-height: 1.45;
  color: #1d2330; margin: 0; }
h1, h2, h3 { color: #123a6b; line-height: 1.2; break-after: avoid; }
h1 { font-size: 21pt; margin: 0 0 4mm; padding-bottom: 2mm; border-bottom: 2px solid #123a6b; }
h2 { font-size: 14pt; margin: 8mm 0 2.5mm; }
h3 { font-size: 11.5pt; margin: 5mm 0 2mm; }
p { margin: 0 0 2.5mm; }
ol.steps { margin: 0 0 3mm; padding-left: 6mm; }
ol.steps li { margin-bottom: 1.2mm; }
.part { break-before: page; }
.cover { height: 250mm; display: flex; flex-direction: column; justify-content: center; text-align: left;
  padding: 0 6mm; border-left: 8px solid #123a6b; }
.cover .brand { font-size: 11pt; letter-spacing: 0.08em; text-transform: uppercase; color: #51607a; }
.cover h1 { font-size: 32pt; border: 0; margin: 6mm 0 4mm; }
.cover .subtitle { font-size: 14pt; color: #2b3a55; margin-bottom: 12mm; }
.cover .audience { font-size: 11pt; color: #51607a; }
.cover .edition { margin-top: 30mm; font-size: 9.5pt; color: #51607a; }
nav.toc { break-before: page; }
nav.toc ol { list-style: none; padding: 0; margin: 0; }
nav.toc li { display: flex; align-items: baseline; margin: 1.3mm 0; }
nav.toc li.part-entry { font-weight: 700; margin-top: 4mm; color: #123a6b; }
nav.toc li.chapter-entry { padding-left: 6mm; }
nav.toc a { color: inherit; text-decoration: none; }
nav.toc .dots { flex: 1; border-bottom: 1px dotted #9aa5b8; margin: 0 2mm; transform: translateY(-1mm); }
figure { margin: 3mm 0 4mm; break-inside: avoid; text-align: center; }
/* No shadow: Chromium would print each one as an extra image. */
figure img { max-width: 100%; max-height: 150mm; border: 1px solid #c9d1de; border-radius: 2mm; }
figure.narrow img { max-width: 125mm; }
figcaption { font-size: 8.6pt; color: #51607a; margin-top: 1.5mm; }
.phones { display: flex; gap: 6mm; justify-content: center; break-inside: avoid; margin: 3mm 0 4mm; }
.phones figure { margin: 0; width: 52mm; }
.phones figure img { max-height: 110mm; }
.box { border-radius: 2mm; padding: 2.5mm 4mm; margin: 3mm 0; break-inside: avoid; }
.box .label { font-weight: 700; margin-right: 1.5mm; }
.tip { background: #eaf3ea; border-left: 4px solid #3f8f47; }
.note { background: #fdf4e3; border-left: 4px solid #c98a12; }
kbd { font-family: inherit; border: 1px solid #9aa5b8; border-radius: 1mm; padding: 0 1mm; font-size: 9pt; }
`;

/** Screens taken in a smaller window, shown smaller so their text keeps the size of the others'. */
const NARROW = new Set(['login', 'new-password', 'consent']);

function figureHtml(shot, shots) {
  const file = shots[shot.key];
  if (!file) throw new Error(`No screenshot named ${shot.key}`);
  const cls = NARROW.has(shot.key) ? ' class="narrow"' : '';
  return `<figure${cls}><img src="${escape(basename(file))}" alt="${escape(shot.caption)}"><figcaption>${rich(shot.caption)}</figcaption></figure>`;
}

/** Desktop screenshots one under the other; phone screenshots (sign-…) side by side. */
function figuresHtml(list = [], shots) {
  const out = [];
  let phones = [];
  const flush = () => {
    if (phones.length) out.push(`<div class="phones">${phones.join('')}</div>`);
    phones = [];
  };
  for (const shot of list) {
    if (shot.key.startsWith('sign-')) phones.push(figureHtml(shot, shots));
    else {
      flush();
      out.push(figureHtml(shot, shots));
    }
  }
  flush();
  return out.join('\n');
}

function chapterHtml(chapter, number, texts, shots) {
  const parts = [`<section id="${chapter.id}"><h2>${number} ${escape(chapter.title)}</h2>`];
  for (const block of chapter.blocks) {
    if (block.p) parts.push(`<p>${rich(block.p)}</p>`);
    if (block.h) parts.push(`<h3>${escape(block.h)}</h3>`);
    if (block.steps)
      parts.push(`<ol class="steps">${block.steps.map((s) => `<li>${rich(s)}</li>`).join('')}</ol>`);
    if (block.shots) parts.push(figuresHtml(block.shots, shots));
    if (block.tip)
      parts.push(
        `<div class="box tip"><span class="label">${escape(texts.labels.tip)}</span>${rich(block.tip)}</div>`,
      );
    if (block.note)
      parts.push(
        `<div class="box note"><span class="label">${escape(texts.labels.note)}</span>${rich(block.note)}</div>`,
      );
  }
  parts.push('</section>');
  return parts.join('\n');
}

function numbered(texts) {
  let chapterNumber = 0;
  return texts.parts.map((part, partIndex) => ({
    ...part,
    id: `part-${partIndex + 1}`,
    chapters: part.chapters.map((chapter) => ({ ...chapter, number: `${(chapterNumber += 1)}.` })),
  }));
}

export function guideHtml(texts, shots, pageOf = {}) {
  const parts = numbered(texts);
  const tocEntry = (id, label, cls) =>
    `<li class="${cls}"><a href="#${id}">${escape(label)}</a><span class="dots"></span><span>${pageOf[id] ?? ''}</span></li>`;
  const toc = parts
    .flatMap((part) => [
      tocEntry(part.id, part.title, 'part-entry'),
      ...part.chapters.map((c) => tocEntry(c.id, `${c.number} ${c.title}`, 'chapter-entry')),
    ])
    .join('\n');
  const body = parts
    .map(
      (part) =>
        `<div class="part" id="${part.id}"><h1>${escape(part.title)}</h1>${part.intro ? `<p>${rich(part.intro)}</p>` : ''}` +
        part.chapters.map((c) => chapterHtml(c, c.number, texts, shots)).join('\n') +
        '</div>',
    )
    .join('\n');
  return `<!doctype html>
<html lang="${texts.htmlLang}"><head><meta charset="utf-8"><title>${escape(texts.cover.title)}</title><style>${CSS}</style></head>
<body>
<section class="cover">
  <div class="brand">${escape(texts.cover.brand)}</div>
  <h1>${escape(texts.cover.title)}</h1>
  <div class="subtitle">${escape(texts.cover.subtitle)}</div>
  <div class="audience">${escape(texts.cover.audience)}</div>
  <div class="edition">${escape(texts.cover.edition)} ${escape(new Intl.DateTimeFormat(texts.intl, { month: 'long', year: 'numeric' }).format(new Date()))}</div>
</section>
<nav class="toc"><h1>${escape(texts.labels.toc)}</h1><ol>${toc}</ol></nav>
${body}
</body></html>`;
}

function headerFooter(texts) {
  const style =
    'font-family: Noto Sans, DejaVu Sans, sans-serif; font-size: 7.5pt; color: #6b778c; width: 100%; padding: 0 17mm;';
  return {
    headerTemplate: `<div style="${style} display: flex; justify-content: space-between;"><span>${escape(texts.cover.brand)}</span><span>${escape(texts.cover.title)}</span></div>`,
    footerTemplate: `<div style="${style} text-align: center;">${escape(texts.labels.page)} <span class="pageNumber"></span> ${escape(texts.labels.of)} <span class="totalPages"></span></div>`,
  };
}

/** Which page each part and chapter heading landed on, from the text of a first print. */
function headingPages(pdfPath, texts) {
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  const pages = text.split('\f').map((page) => page.replace(/\s+/g, ' '));
  const pageOf = {};
  const find = (label, from) => {
    const wanted = label.replace(/\s+/g, ' ');
    for (let index = from; index < pages.length; index += 1)
      if (pages[index].includes(wanted)) return index + 1;
    return undefined;
  };
  // Skip the cover and the table of contents, which name every heading too.
  let from = 2;
  for (const part of numbered(texts)) {
    pageOf[part.id] = find(part.title, from) ?? '';
    from = Math.max(from, (pageOf[part.id] || 1) - 1);
    for (const chapter of part.chapters) {
      pageOf[chapter.id] = find(`${chapter.number} ${chapter.title}`, from) ?? '';
      from = Math.max(from, (pageOf[chapter.id] || 1) - 1);
    }
  }
  return pageOf;
}

async function print(browser, html, dir, lang, texts, out) {
  const htmlPath = join(dir, `user-guide_${lang}.html`);
  writeFileSync(htmlPath, html);
  const page = await browser.newPage();
  await page.goto(pathToFileURL(htmlPath).href, { waitUntil: 'load' });
  await page.pdf({
    path: out,
    format: 'A4',
    printBackground: true,
    displayHeaderFooter: true,
    margin: { top: '20mm', bottom: '18mm', left: '17mm', right: '17mm' },
    outline: true,
    tagged: true,
    ...headerFooter(texts),
  });
  await page.close();
}

/** Prints the guide twice: the second time with the page numbers the first one revealed. */
export async function writeGuidePdf({ browser, texts, shots, dir, lang, out }) {
  const draft = join(dir, `draft_${lang}.pdf`);
  await print(browser, guideHtml(texts, shots), dir, lang, texts, draft);
  const pageOf = headingPages(draft, texts);
  await print(browser, guideHtml(texts, shots, pageOf), dir, lang, texts, out);
}
