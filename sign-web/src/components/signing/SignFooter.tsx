import { useI18n } from '../../i18n/I18nProvider';

/** The sticky footer under the document: the Sign button. */
export function SignFooter({ onSign }: { onSign: () => void }) {
  const { messages } = useI18n();
  return (
    <div className="action-bar">
      <p className="action-bar__hint">{messages.signing.signHint}</p>
      <button type="button" className="button button--large" onClick={onSign}>
        {messages.signing.sign}
      </button>
    </div>
  );
}

/** Instead of Sign, for a signatory of a sequence whose turn has not come. */
export function WaitForTurnNotice() {
  const { messages } = useI18n();
  return (
    <div className="action-bar action-bar--notice">
      <div>
        <p className="action-bar__title">{messages.signing.notYourTurn.title}</p>
        <p className="action-bar__hint">{messages.signing.notYourTurn.body}</p>
      </div>
    </div>
  );
}
