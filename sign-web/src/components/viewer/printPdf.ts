import { type PdfDocument } from './pdfDocument';

/** About 150 dots per inch: sharp enough for text, light enough for long documents. */
const PRINT_SCALE = 150 / 72;
const CONTAINER_CLASS = 'print-pages';

async function pageImage(pdf: PdfDocument, number: number): Promise<Blob> {
  const page = await pdf.getPage(number);
  const viewport = page.getViewport({ scale: PRINT_SCALE });
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await page.render({ canvas, viewport, intent: 'print' }).promise;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  canvas.width = 0;
  canvas.height = 0;
  if (!blob) throw new Error('A page could not be drawn for printing');
  return blob;
}

/**
 * Prints the document as images of its pages through the browser's own print dialog. A hidden frame
 * with the PDF is not an option: the Content-Security-Policy allows no blob: frames, and a phone's
 * browser may have no PDF viewer to print it with.
 */
export async function printPdf(pdf: PdfDocument): Promise<void> {
  document.querySelector(`.${CONTAINER_CLASS}`)?.remove();
  const container = document.createElement('div');
  container.className = CONTAINER_CLASS;
  const urls: string[] = [];
  const cleanUp = () => {
    container.remove();
    urls.forEach((url) => URL.revokeObjectURL(url));
  };
  try {
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const url = URL.createObjectURL(await pageImage(pdf, number));
      urls.push(url);
      const image = document.createElement('img');
      image.className = 'print-pages__page';
      image.alt = '';
      image.src = url;
      container.append(image);
    }
    document.body.append(container);
    await Promise.all(
      [...container.querySelectorAll('img')].map((image) => image.decode().catch(() => undefined)),
    );
  } catch (error) {
    cleanUp();
    throw error;
  }
  window.addEventListener('afterprint', cleanUp, { once: true });
  window.print();
}
