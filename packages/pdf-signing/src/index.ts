/**
 * The PDF and signature engine, framework-free: its one entry point.
 *
 * - PAdES (pades/): reading a PDF's revisions, incremental updates, signatures with visible appearances,
 *   validation data (B-LT) and document time-stamps (B-LTA). See pades/index.ts for the contract.
 * - PKI (pki/): CMS SignedData, RFC 3161 time-stamps (client and local authority), CRLs, certificates for
 *   signatories, PKCS#12 and PEM bundles, the development PKI.
 * - Upload checks (inspection/): what an uploaded file may be and contain, and its normalised copy.
 * - Evidence (evidence/): the seal's evidence update (visible blocks, audit pages, the attached event
 *   log), where blocks and the seal go on a page, and the validation data a seal needs.
 * - Validation (validation/): the signatures a PDF carries, and whether each is intact and trusted.
 * - Layout (layout/): the page writer and fonts for generated documents and statements.
 *
 * Plain functions over bytes: a worker thread can run any of it. Nothing here knows of HTTP, databases or
 * the product's rules; those callers pass in what they decided.
 */
export * from './pades';
export * from './pki';
export * from './pki/signatory-keys';

export * from './inspection/page-tree';
export * from './inspection/pdf-inspection';
export * from './inspection/pdf-rejection';

export * from './evidence/audit-page-writer';
export * from './evidence/evidence-update';
export * from './evidence/page-geometry';
export * from './evidence/signature-box';
export * from './evidence/validation-material';

export * from './validation/pdf-signature-scan';
export * from './validation/signature-validation';

export * from './layout/page-writer';
export * from './layout/template-fonts';
export * from './layout/text-wrap';
