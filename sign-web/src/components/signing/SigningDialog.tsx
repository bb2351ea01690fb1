import { type SigningPageData } from '@esign/shared';
import { useEffect, useRef } from 'react';
import { interpolate } from '../../i18n/format';
import { useI18n } from '../../i18n/I18nProvider';
import { type SigningStep } from '../../signing/signingDialog';
import { Modal } from '../Modal';
import { InfoStep } from './InfoStep';
import { OtpStep } from './OtpStep';
import { type SigningFlow } from './useSigningFlow';

const STEPS: readonly SigningStep[] = ['INFO', 'OTP', 'SIGNED'];

interface SigningDialogProps {
  open: boolean;
  onClose: () => void;
  flow: SigningFlow;
  request: SigningPageData;
}

/**
 * Announces each step by moving focus to its title, which says where the signatory is; on the code step
 * the code field takes focus instead (the phone offers the SMS code there).
 */
function StepTitle({ step }: { step: SigningStep }) {
  const { messages } = useI18n();
  const texts = messages.signing.dialog;
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step !== 'OTP') ref.current?.focus();
  }, [step]);
  const names: Record<SigningStep, string> = {
    INFO: texts.stepInfo,
    OTP: texts.stepOtp,
    SIGNED: texts.stepSigned,
  };
  return (
    <h3
      ref={ref}
      tabIndex={-1}
      data-autofocus={step === 'OTP' ? undefined : true}
      className="signing-dialog__step"
    >
      {interpolate(texts.progress, {
        current: STEPS.indexOf(step) + 1,
        total: STEPS.length,
        name: names[step],
      })}
    </h3>
  );
}

function SignedStep({ onClose }: { onClose: () => void }) {
  const { messages } = useI18n();
  return (
    <div className="signed-step">
      <p className="signed-step__badge" aria-hidden="true">
        ✓
      </p>
      <p className="signed-step__title">{messages.signing.signed.title}</p>
      <p>{messages.signing.signed.message}</p>
      <div className="signing-form__actions">
        <button type="button" className="button" onClick={onClose}>
          {messages.signing.signed.close}
        </button>
      </div>
    </div>
  );
}

/** The signing dialog: INFO, then OTP, then SIGNED. */
export function SigningDialog({ open, onClose, flow, request }: SigningDialogProps) {
  const { messages } = useI18n();
  const { step, pending } = flow.state;
  return (
    <Modal
      open={open}
      onClose={onClose}
      titleId="signing-dialog-title"
      dismissible={pending === null}
      className="signing-dialog"
    >
      <div className="modal__header">
        <h2 id="signing-dialog-title">{messages.signing.dialog.title}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={messages.signing.dialog.close}
          disabled={pending !== null}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="modal__body">
        <StepTitle step={step} />
        {step === 'INFO' && <InfoStep flow={flow} request={request} />}
        {step === 'OTP' && (
          <OtpStep
            flow={flow}
            mobile={request.signatory.signatoryMobile}
            qualified={request.signingMode === 'QUALIFIED'}
          />
        )}
        {step === 'SIGNED' && <SignedStep onClose={onClose} />}
      </div>
    </Modal>
  );
}
