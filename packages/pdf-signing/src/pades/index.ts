/**
 * PAdES engine: signs PDFs with incremental updates only (ETSI EN 319 142-1 baseline B-B to B-LTA).
 * Pure functions over Buffers, no NestJS, so a worker thread can run them.
 *
 *   signPdf(pdf, { signer, timestampAuthority?, fieldName?, signingTime?, name?, reason?, location?,
 *                  contactInfo?, appearance?, invisiblePageIndex?, reservedBytes? }) → Promise<Buffer>
 *     One incremental update with a signature field merged with its widget (added to the catalog's
 *     /AcroForm, created if absent, /SigFlags 3, and to the page's /Annots) and a signature dictionary
 *     /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached with /M, /Name, /Reason,
 *     /Location, /ContactInfo. /Contents is a detached CAdES SignedData (signing-certificate-v2, no
 *     signing-time) over the ByteRange, with the signer's certificate and chain and, with a
 *     timestampAuthority, a signature time-stamp (B-T). `appearance` makes it visible: page index,
 *     rectangle in points, text lines drawn with a subsetted Type0/CIDFontType2 font (DejaVu Sans by
 *     default, fallback fonts for missing characters, Arabic shaping, right-to-left runs reordered) and
 *     an optional PNG with transparency. signPdfWithReport() also returns the field name and which font
 *     drew which characters, and the characters none could.
 *   addValidationData(pdf, { certificates, crls, ocsps? }) → Promise<Buffer>
 *     B-LT: an update creating or extending the catalog's /DSS (/Certs, /CRLs, /OCSPs; no /VRI).
 *   addDocumentTimestamp(pdf, timestampAuthority, { fieldName?, reservedBytes? }?) → Promise<Buffer>
 *     B-LTA: an update with a /Type /DocTimeStamp /SubFilter /ETSI.RFC3161 signature whose /Contents is
 *     an RFC 3161 token over the SHA-256 of its ByteRange.
 *
 * Every output starts with the input's bytes, unchanged: an update is written as a tail of its own and
 * the file is the previous bytes followed by it. The update ends with a cross-reference table or stream,
 * whichever the previous revision used, chained with /Prev. The input is parsed with @cantoo/pdf-lib to
 * find the catalog, pages and form; the bytes appended are written here. Encrypted PDFs are refused
 * (PadesError). Apply signatures to one document one at a time: each call must receive the output of the
 * previous one.
 *
 * Several updates in a row: readRevision(pdf) once, then signRevision, addValidationDataTo and
 * timestampRevision, each taking the revision the previous one returned (nextRevision reads each update's
 * objects back into the one parse, and each signature hashes only the bytes appended since the last), and
 * revisionBytes() at the end: one parse, one SHA-256 pass and one copy of the file for the whole chain.
 *
 * Limits: the first signature removes the AcroForm's /NeedAppearances (viewers would otherwise redraw
 * every field and drop the signature's appearance); appearances ignore the page's /Rotate; fonts must
 * have TrueType outlines (TTF, WOFF, WOFF2; no TTC, no CFF); the bidi reordering is per line, not the
 * full Unicode algorithm; no /VRI, no DocMDP certification, no XFA handling.
 */
export { type AppearanceReport, type SignatureAppearance } from './appearance/appearance-stream';
export { addDocumentTimestamp, timestampRevision, type DocumentTimestampOptions } from './document-timestamp';
export { PadesError, readRevision, revisionBytes, type PdfRevision } from './pdf-revision';
export { nextRevision } from './revision-chain';
export { type PdfRectangle } from './pdf-syntax';
export {
  signPdf,
  signPdfWithReport,
  signRevision,
  type PdfSigner,
  type SignPdfOptions,
  type SignPdfResult,
  type SignedRevision,
} from './sign-pdf';
export { addValidationData, addValidationDataTo, type ValidationData } from './validation-data';

// The PDF writing toolkit the evidence pages, visible blocks and seal are built with: incremental updates,
// PDF objects, page lookups, and text set in embedded fonts. Other modules import the engine from here only.
export { showGlyphs, writeAppearance } from './appearance/appearance-stream';
export { EmbeddedFont } from './appearance/embedded-font';
export { cjkFace, needsCjkFace } from './appearance/fallback-fonts';
export {
  lineWidth,
  loadFont,
  segmentWidth,
  shapeLine,
  type FontCoverage,
  type ShapedLine,
} from './appearance/text-layout';
export { IncrementalUpdate, assertStartsWith } from './incremental-update';
export { lookupDict, resolve, fromPdfLib, toRef, pageRef } from './pdf-revision';
export {
  dict,
  name,
  type PdfRef,
  PdfDict,
  PdfString,
  dateString,
  textString,
  formatNumber,
  serialize,
  type PdfValue,
} from './pdf-syntax';
export { asDict } from './signature-field';
// Where a page is printed on: the seal's stamp is kept off it on uploaded documents.
export { markedAreas, type MarkedArea } from './page-marks';
export { breakLines } from './line-breaking';
// Signatures whose key is elsewhere (a trust-service provider): prepared here, signed there, completed here.
export {
  ExternalSignatureError,
  completeExternalSignature,
  prepareExternalSignature,
  type ExternalSignatureOptions,
  type ExternalSigner,
  type PreparedExternalSignature,
} from './external-signature';
