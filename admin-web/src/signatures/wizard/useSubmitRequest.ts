import { ErrorCode, type SignatureRequestInput, type SignatureRequestView } from '@esign/shared';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { errorMessageKey, serverFieldErrors } from '../../common/apiErrors';
import { type FieldErrors } from './wizardState';

/**
 * Sends the request (POST, or PUT when editing), then opens it; answers the API's field errors on refusal.
 * `onSent` runs once the API accepted it, before the wizard is left.
 */
export function useSubmitRequest(requestId: string | null, onSent?: () => void) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);

  const submit = async (input: SignatureRequestInput): Promise<FieldErrors> => {
    setSending(true);
    try {
      const { data } = requestId
        ? await dataProvider.update<SignatureRequestView>('signatures', {
            id: requestId,
            data: input,
            previousData: { id: requestId },
          })
        : await dataProvider.create<SignatureRequestInput, SignatureRequestView>('signatures', {
            data: input,
          });
      onSent?.();
      notify(`app.signatures.notifications.${requestId ? 'updated' : 'created'}`, { type: 'success' });
      void navigate(`/signatures/${encodeURIComponent(data.id)}`);
      return {};
    } catch (error) {
      const fallback = `app.signatures.notifications.${requestId ? 'update_failed' : 'create_failed'}`;
      notify(errorMessageKey(error, fallback, [ErrorCode.DOCUMENT_NOT_EDITABLE]), { type: 'error' });
      return serverFieldErrors(error);
    } finally {
      setSending(false);
    }
  };

  return { sending, submit };
}
