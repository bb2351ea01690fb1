import { dateTimeFormat } from '@esign/shared';
import { type VerificationReport, type VerifiedSignatureView } from '../../api/verify';
import { interpolate } from '../../i18n/format';
import { useI18n } from '../../i18n/I18nProvider';
import { findingsOf } from './verification';

function useDateTime(): (iso: string | null | undefined) => string {
  const { locale, messages } = useI18n();
  return (iso) => {
    const time = iso ? new Date(iso) : null;
    return time && !Number.isNaN(time.getTime())
      ? dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'medium' }).format(time)
      : messages.verify.unknown;
  };
}

/** Why a signature is not valid, in words: its bytes changed, or its certificate is not one we trust. */
function validityText(
  signature: VerifiedSignatureView,
  texts: ReturnType<typeof useI18n>['messages']['verify'],
) {
  if (signature.valid) return `✓ ${texts.valid}`;
  const reasons = [!signature.intact && texts.notIntact, !signature.trusted && texts.notTrusted].filter(
    Boolean,
  );
  return [`✗ ${texts.invalid}`, ...reasons].join(' — ');
}

/** What the signer's certificate claims of itself (QcStatements), in words. */
function qualifiedText(
  qualified: NonNullable<VerifiedSignatureView['qualified']>,
  texts: ReturnType<typeof useI18n>['messages']['verify'],
) {
  if (!qualified.certificate) return texts.notQualified;
  return qualified.qscd ? texts.qualifiedQscd : texts.qualifiedOnly;
}

function SignatureItem({ signature }: { signature: VerifiedSignatureView }) {
  const { messages } = useI18n();
  const texts = messages.verify;
  const dateTime = useDateTime();
  return (
    <li className={signature.valid ? 'verified verified--valid' : 'verified verified--invalid'}>
      <p className="verified__kind">{texts.kind[signature.kind]}</p>
      <dl className="facts">
        <dt>{texts.signer}</dt>
        <dd>{signature.signer ?? texts.unknown}</dd>
        <dt>{texts.signedAt}</dt>
        <dd>{dateTime(signature.signedAt)}</dd>
        <dt>{texts.level}</dt>
        <dd>{signature.level ?? texts.unknown}</dd>
        <dt>{texts.validity}</dt>
        <dd>{validityText(signature, texts)}</dd>
        {signature.qualified && (
          <>
            <dt>{texts.issuer}</dt>
            <dd>{signature.issuer ?? texts.unknown}</dd>
            <dt>{texts.certificate}</dt>
            <dd>{qualifiedText(signature.qualified, texts)}</dd>
          </>
        )}
      </dl>
    </li>
  );
}

export function VerificationResult({ report, fileName }: { report: VerificationReport; fileName: string }) {
  const { messages } = useI18n();
  const texts = messages.verify;
  const dateTime = useDateTime();
  const findings = findingsOf(report);
  const audit =
    report.auditChainValid === null
      ? texts.auditAbsent
      : report.auditChainValid
        ? texts.auditValid
        : texts.auditInvalid;
  return (
    <section
      className={findings.length === 0 ? 'card card--success' : 'card card--error'}
      aria-labelledby="verify-result"
    >
      <h2 id="verify-result" tabIndex={-1} data-autofocus>
        {interpolate(texts.resultTitle, { name: fileName })}
      </h2>
      <ul className="findings">
        {findings.length === 0 ? (
          <li>{texts.verdict.valid}</li>
        ) : (
          findings.map((finding) => <li key={finding}>{texts.verdict[finding]}</li>)
        )}
      </ul>
      <dl className="facts">
        {report.requestTitle && (
          <>
            <dt>{texts.request}</dt>
            <dd>{report.requestTitle}</dd>
          </>
        )}
        <dt>{texts.sealed}</dt>
        <dd>{report.sealedByPlatform ? texts.yes : texts.no}</dd>
        {report.sealedAt && (
          <>
            <dt>{texts.sealedAt}</dt>
            <dd>{dateTime(report.sealedAt)}</dd>
          </>
        )}
        <dt>{texts.unchanged}</dt>
        <dd>{report.unchangedSinceSeal ? texts.yes : texts.no}</dd>
        <dt>{texts.auditChain}</dt>
        <dd>{audit}</dd>
      </dl>
      <h3>{interpolate(texts.signatures, { count: report.signatures.length })}</h3>
      {report.signatures.length === 0 ? (
        <p>{texts.noSignatures}</p>
      ) : (
        <ul className="verified-list">
          {report.signatures.map((signature, index) => (
            <SignatureItem key={index} signature={signature} />
          ))}
        </ul>
      )}
      {report.signatures.some((signature) => signature.qualified?.certificate) && (
        <p className="verified-note">{texts.qualifiedNote}</p>
      )}
    </section>
  );
}
