import { ErrorCode, type SignatureRequestInput, type SignatureRequestView } from '@esign/shared';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { errorMessageKey, serverFieldErrors } from '../../common/apiErrors';
import { MUTATION_OPTIONS } from '../../common/mutations';
import { type FieldErrors } from './wizardState';

/**
 * Sends the request (POST, or PUT when editing), then opens it; answers the API's field errors on refusal.
 * `onSent` runs once the API accepted it, before the wizard is left.
 */
export function useSubmitRequest(requestId: string | null, onSent?: () => void) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const { mutateAsync, isPending: sending } = useMutation({
    ...MUTATION_OPTIONS,
    mutationFn: (input: SignatureRequestInput) =>
      requestId
        ? dataProvider.update<SignatureRequestView>('signatures', {
            id: requestId,
            data: input,
            previousData: { id: requestId },
          })
        : dataProvider.create<SignatureRequestInput, SignatureRequestView>('signatures', { data: input }),
    onSuccess: ({ data }) => {
      onSent?.();
      notify(`app.signatures.notifications.${requestId ? 'updated' : 'created'}`, { type: 'success' });
      void navigate(`/signatures/${encodeURIComponent(data.id)}`);
    },
    onError: (error) => {
      const fallback = `app.signatures.notifications.${requestId ? 'update_failed' : 'create_failed'}`;
      notify(errorMessageKey(error, fallback, [ErrorCode.DOCUMENT_NOT_EDITABLE]), { type: 'error' });
    },
  });

  /** Resolves with the fields the API refused, none once it accepted the request. */
  const submit = (input: SignatureRequestInput): Promise<FieldErrors> =>
    mutateAsync(input).then(
      () => ({}),
      (error: unknown) => serverFieldErrors(error),
    );

  return { sending, submit };
}
