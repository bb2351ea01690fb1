export type DeliveryChannel = 'email' | 'sms';

/**
 * A message the provider did not accept. `retryable` tells a job whether sending the same message
 * again can succeed (provider down, throttled, mailbox temporarily full) or cannot (address
 * refused, credentials wrong). The message never holds credentials or the message body.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly channel: DeliveryChannel,
    readonly retryable: boolean,
    /** HTTP status (Twilio) or SMTP reply code, when the provider answered. */
    readonly providerStatus?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
