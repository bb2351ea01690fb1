import { useI18n } from '../../i18n/I18nProvider';
import { type ViewerStatus } from '../viewer/types';

interface SignFooterProps {
  /** Whether the document is displayed: Sign waits for its first page to be painted. */
  viewer: ViewerStatus['kind'];
  onSign: () => void;
}

/**
 * The sticky footer under the document: Sign, enabled once the document is displayed, and not offered at
 * all when it cannot be displayed (the footer then says why).
 */
export function SignFooter({ viewer, onSign }: SignFooterProps) {
  const { messages } = useI18n();
  const texts = messages.signing;
  const hint = viewer === 'displayed' ? texts.signHint : viewer === 'loading' ? texts.signHintLoading : null;
  return (
    <div className={viewer === 'failed' ? 'action-bar action-bar--notice' : 'action-bar'}>
      {hint ? (
        <p id="sign-hint" className="action-bar__hint">
          {hint}
        </p>
      ) : (
        <p id="sign-hint" className="action-bar__hint action-bar__hint--alert" role="alert">
          {texts.cannotSign}
        </p>
      )}
      {viewer !== 'failed' && (
        <button
          type="button"
          className="button button--large"
          disabled={viewer !== 'displayed'}
          aria-describedby="sign-hint"
          // Where focus returns from a dialog the page opened by itself (after a reload at the code step).
          data-dialog-return
          onClick={onSign}
        >
          {texts.sign}
        </button>
      )}
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
