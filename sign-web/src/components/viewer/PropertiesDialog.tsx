import { dateTimeFormat, intlLocale } from '@esign/shared';
import { useEffect, useState } from 'react';
import { pdfjs } from 'react-pdf';
import { interpolate } from '../../i18n/format';
import { useI18n } from '../../i18n/I18nProvider';
import { Modal } from '../Modal';
import { type DocumentInfo, cssPixelsToMillimetres, formatFileSize, readDocumentInfo } from './documentInfo';
import { type PdfDocument } from './pdfDocument';
import { type PageGeometry } from './types';

interface PropertiesDialogProps {
  open: boolean;
  onClose: () => void;
  pdf: PdfDocument;
  fileName: string;
  fileSize: number;
  firstPage: PageGeometry | undefined;
}

/** Title, author, dates, page count, file size and PDF version, as pdf.js reads them. */
export function PropertiesDialog({
  open,
  onClose,
  pdf,
  fileName,
  fileSize,
  firstPage,
}: PropertiesDialogProps) {
  const { locale, messages } = useI18n();
  const texts = messages.viewer.properties;
  const [info, setInfo] = useState<DocumentInfo | null>(null);
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    pdf.getMetadata().then(
      (metadata) => {
        if (!cancelled) setInfo(readDocumentInfo(metadata.info));
      },
      () => {
        if (!cancelled) setInfo(readDocumentInfo(null));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [open, pdf]);

  const date = (value: string | null | undefined) => {
    const parsed = value ? pdfjs.PDFDateString.toDateObject(value) : null;
    return parsed
      ? dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(parsed)
      : texts.unknown;
  };
  const rows: [string, string][] = [
    [texts.fileName, fileName],
    [texts.fileSize, formatFileSize(fileSize, intlLocale(locale))],
    [texts.documentTitle, info?.title ?? texts.unknown],
    [texts.author, info?.author ?? texts.unknown],
    [texts.subject, info?.subject ?? texts.unknown],
    [texts.created, date(info?.creationDate)],
    [texts.modified, date(info?.modificationDate)],
    [texts.creator, info?.creator ?? texts.unknown],
    [texts.producer, info?.producer ?? texts.unknown],
    [texts.pdfVersion, info?.pdfVersion ?? texts.unknown],
    [texts.pageCount, String(pdf.numPages)],
    [
      texts.pageSize,
      firstPage
        ? interpolate(texts.millimetres, {
            width: cssPixelsToMillimetres(firstPage.width),
            height: cssPixelsToMillimetres(firstPage.height),
          })
        : texts.unknown,
    ],
  ];
  return (
    <Modal open={open} onClose={onClose} titleId="pdf-properties-title" className="properties-dialog">
      <div className="modal__header">
        <h2 id="pdf-properties-title">{texts.title}</h2>
      </div>
      <div className="modal__body">
        <dl className="facts">
          {rows.map(([label, value]) => (
            <div key={label} className="facts__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="signing-form__actions">
          <button type="button" className="button" data-autofocus onClick={onClose}>
            {texts.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}
