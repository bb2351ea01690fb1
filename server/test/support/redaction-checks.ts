import { type SmtpStandIn, type TwilioStandIn } from './provider-stand-ins';
import { Product, type ProductTarget } from './product';
import { waitFor } from './wait-for';

/** What the product printed in place of a secret once a real provider delivered the message. */
export const MASK = '••••••••';

interface StoredMessage {
  body: string;
  html: string | null;
  status: string;
}

async function stored(
  target: ProductTarget,
  recipient: string,
  channel: 'email' | 'sms',
): Promise<StoredMessage> {
  return waitFor(`the ${channel} to ${recipient} marked sent`, async () => {
    const [row] = await target.query<StoredMessage>(
      `SELECT body, html, status FROM outbox_message WHERE recipient = $1 AND channel = $2
        ORDER BY created_at DESC LIMIT 1`,
      [recipient, channel],
    );
    return row?.status === 'SENT' ? row : undefined;
  });
}

/**
 * A member created by the administrator through the API, the welcome e-mail delivered by the SMTP adapter:
 * the server received the temporary password, which signs the member in; the outbox keeps the same text with
 * the password masked, as the product wrote it.
 */
export async function checkWelcomeRedaction(target: ProductTarget, smtp: SmtpStandIn, email: string) {
  const product = new Product(target);
  let password = '';
  let delivered = '';
  const member = await product.createMember(
    await product.adminToken(),
    { email, name: 'Agence du Sud' },
    (to) =>
      waitFor(`the welcome e-mail to ${to}`, () => {
        delivered = smtp.receivedBy(to)[0]?.text ?? '';
        password = /Mot de passe temporaire : (\S+)/.exec(delivered)?.[1] ?? '';
        return password ? delivered : undefined;
      }),
  );
  const row = await stored(target, email, 'email');
  expect(row.body).not.toContain(password);
  expect(row.body).toBe(delivered.replace(password, MASK));
  expect(row.html).toBeNull();
  return member;
}

/**
 * A signatory asks for a code, the SMS delivered by the Twilio adapter: Twilio received the code, which signs;
 * the outbox keeps the same text with the code masked.
 */
export async function checkCodeRedaction(
  target: ProductTarget,
  smtp: SmtpStandIn,
  twilio: TwilioStandIn,
  member: { id: string; email: string; token: string },
): Promise<void> {
  const product = new Product(target);
  const [invitee] = product.invitees(1, 'code');
  if (!invitee) throw new Error('no invitee');
  const created = await product.createRequest(member, [invitee]);
  const key = await waitFor('the invitation', () => {
    const match = /[?&]key=([\w%-]+)/.exec(smtp.receivedBy(invitee.email)[0]?.text ?? '');
    return match?.[1] ? decodeURIComponent(match[1]) : undefined;
  });
  await product.requestCode(created.id, key);
  const sms = await waitFor('the code SMS at Twilio', () => twilio.acceptedFor(invitee.mobile)[0]);
  const code = Product.codeIn(sms.body);
  const row = await stored(target, invitee.mobile, 'sms');
  expect(row.body).not.toContain(code);
  expect(row.body).toBe(sms.body.replace(code, MASK));
  await product.sign(created.id, key, code, invitee.mobile);
}
