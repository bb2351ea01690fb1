import { ErrorCode } from '@esign/shared';
import { AppException } from '../../common/app-exception';
import { type AuditActor } from '../audit/audit.service';
import { type ClientInfo } from '../../common/client-info.decorator';
import { assertNotClosed, isTurnOf, type SigningParty } from './signatory-link';

/** Whether this signatory may act on the request now; a request no longer collecting signatures has nothing to sign. */
export function assertMaySign(party: SigningParty): void {
  assertNotClosed(party);
  if (party.request.status !== 'IN_PROGRESS') {
    throw new AppException(
      party.signatory.status === 'SIGNED' ? ErrorCode.ALREADY_SIGNED : ErrorCode.NOT_FOUND,
    );
  }
  if (party.signatory.status === 'SIGNED') throw new AppException(ErrorCode.ALREADY_SIGNED);
  if (!isTurnOf(party) || party.signatory.status !== 'INVITED')
    throw new AppException(ErrorCode.NOT_YOUR_TURN);
  if (party.signatory.otpLockedAt) throw new AppException(ErrorCode.SIGNATORY_LOCKED);
}

export function signatoryActor(party: SigningParty, client: ClientInfo): AuditActor {
  return {
    type: 'SIGNATORY',
    id: party.signatory.id,
    name: party.signatory.name,
    ip: client.ip,
    userAgent: client.userAgent,
  };
}

/** +352 621 12•• ••6: enough for the evidence to say which phone, without publishing it in full. */
export function maskPhone(phone: string): string {
  return phone.length <= 6 ? '••••' : `${phone.slice(0, -5)}•••${phone.slice(-2)}`;
}
