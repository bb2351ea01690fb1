import { ErrorCode } from '@esign/shared';
import { HttpError, useNotify } from 'react-admin';

/** The code of an API error body, when the error is one. */
export function apiErrorCode(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const code: unknown = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The danger toast of a failed create or update. Field errors are shown under the
 * fields by react-admin itself; a duplicate e-mail also says so in the toast.
 */
export function useSaveErrorNotification(action: 'create' | 'update'): (error: unknown) => void {
  const notify = useNotify();
  return (error: unknown) => {
    const code = apiErrorCode(error);
    const message =
      code === ErrorCode.EMAIL_ALREADY_USED
        ? `app.notifications.${action}_user_email_used`
        : `app.notifications.${action}_user_failed`;
    notify(message, { type: 'error' });
  };
}
