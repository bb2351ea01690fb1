import type {
  AgencyRole,
  AgencyView,
  OutboxMessageView,
  PdfCompleteResponse,
  PdfRequest,
  PdfUploadResponse,
  PublicConfig,
  SignatureDetailsView,
  SignatureDownloadResponse,
  SignatureRequestInput,
  SignatureRequestView,
  SignatureStatus,
  StaffInput,
  StaffMemberView,
  UserInput,
  UserView,
} from '@esign/shared';
import { HttpClient } from './http';

/** How often a wait for a state change asks again. */
const POLL_MS = 250;

/**
 * The member's and the administrator's side of the API, typed from the shared contracts: each method is one
 * call the back office makes, or one of its flows (an upload is three calls). Calls answer the body; an
 * unexpected status throws an ApiError.
 */
export class ApiClient extends HttpClient {
  /** The same product, called with another bearer token (none with undefined). */
  as(token: string | undefined): ApiClient {
    return new ApiClient(this.baseUrl, token);
  }

  config(): Promise<PublicConfig> {
    return this.json('GET', '/api/config', { token: null, expect: [200] });
  }

  me(): Promise<UserView> {
    return this.json('GET', '/api/users/me', { expect: [200] });
  }

  /** `POST /api/users` (administrators): the account is created and the welcome e-mail sent. */
  createUser(input: UserInput): Promise<UserView> {
    return this.json('POST', '/api/users', { json: input, expect: [201] });
  }

  /** The signed-in user's data-protection consent, as the consent step records it. */
  approveGdpr(): Promise<UserView> {
    return this.json('POST', '/api/users/me/gdpr', { json: {}, expect: [200] });
  }

  /**
   * The signed-in member's logo (a PNG), which ADVANCED and QUALIFIED requests need: an upload address, the
   * PUT there, then the processing.
   */
  async uploadLogo(png: Uint8Array): Promise<void> {
    const issued = await this.json<{ avatar: { url: string } }>('GET', '/api/users/me/avatar', {
      expect: [200],
    });
    await this.send('PUT', issued.avatar.url, {
      token: null,
      body: png,
      headers: { 'Content-Type': 'image/png' },
    });
    await this.send('POST', '/api/users/me/avatar', { expect: [200] });
  }

  /** The caller's agency, with their role in it. */
  agency(): Promise<AgencyView> {
    return this.json('GET', '/api/agency', { expect: [200] });
  }

  /** The agency's people (managers). */
  staff(): Promise<StaffMemberView[]> {
    return this.json('GET', '/api/agency/staff', { expect: [200] });
  }

  /** `POST /api/agency/staff` (managers): the account is created in the agency and the welcome e-mail sent. */
  inviteStaff(input: StaffInput): Promise<StaffMemberView> {
    return this.json('POST', '/api/agency/staff', { json: input, expect: [201] });
  }

  changeStaffRole(id: string, role: AgencyRole): Promise<StaffMemberView> {
    return this.json('POST', `/api/agency/staff/${id}`, { json: { role }, expect: [200] });
  }

  deactivateStaff(id: string): Promise<StaffMemberView> {
    return this.json('DELETE', `/api/agency/staff/${id}/access`, { expect: [200] });
  }

  reactivateStaff(id: string): Promise<StaffMemberView> {
    return this.json('POST', `/api/agency/staff/${id}/access`, { expect: [200] });
  }

  deleteStaff(id: string): Promise<{ id: string }> {
    return this.json('DELETE', `/api/agency/staff/${id}`, { expect: [200] });
  }

  /** A manager puts `userId`, of the same agency, in charge of the request. */
  assignSignatureRequest(id: string, userId: string): Promise<SignatureRequestView> {
    return this.json('POST', `/api/signatures/${id}/assignee`, { json: { userId }, expect: [200] });
  }

  /** The newest e-mails and SMS sent to `to`, newest first (the development outbox, administrators). */
  outbox(to: string): Promise<OutboxMessageView[]> {
    return this.json('GET', '/api/dev/outbox', { query: { to }, expect: [200] });
  }

  /**
   * A PDF uploaded as the back office does: an upload address asked for, the bytes PUT there (a path on the
   * product in the embedded mode, an absolute address with S3), then the checks.
   */
  async uploadPdf(bytes: Uint8Array, fileName = 'document.pdf'): Promise<PdfCompleteResponse> {
    const request: PdfRequest = { documentType: 'CUSTOM', size: bytes.length, fileName };
    const issued = await this.json<PdfUploadResponse>('POST', '/api/pdf', { json: request, expect: [201] });
    await this.send('PUT', issued.url, {
      token: null,
      body: bytes,
      headers: { 'Content-Type': 'application/pdf' },
    });
    return this.json('POST', `/api/pdf/${issued.fileId}/complete`, { expect: [200] });
  }

  /** `POST /api/signatures`: the request is created and its invitations sent. */
  createSignatureRequest(input: SignatureRequestInput): Promise<SignatureRequestView> {
    return this.json('POST', '/api/signatures', { json: input, expect: [201] });
  }

  /** A request as its member sees it. */
  signatureRequest(id: string): Promise<SignatureRequestView> {
    return this.json('GET', `/api/signatures/${id}`, { expect: [200] });
  }

  /** Cancels a request (CANCELLED); its invited signatories are told. */
  cancelSignatureRequest(id: string): Promise<SignatureRequestView> {
    return this.json('DELETE', `/api/signatures/${id}`, { expect: [200] });
  }

  /** A request with its audit trail. */
  signatureDetails(id: string): Promise<SignatureDetailsView> {
    return this.json('GET', `/api/signatures/${id}/details`, { expect: [200] });
  }

  /** Asks again until the request reaches `status` (sealing runs in the background); its view then. */
  async waitForStatus(
    id: string,
    status: SignatureStatus,
    timeoutMs = 120_000,
  ): Promise<SignatureRequestView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const view = await this.signatureRequest(id);
      if (view.status === status) return view;
      if (Date.now() > deadline) throw new Error(`request ${id} is still ${view.status}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** The signed PDF of a request, downloaded as its member does: the address, then the bytes. */
  async downloadSigned(id: string): Promise<Uint8Array> {
    const { documentUrl } = await this.json<SignatureDownloadResponse>(
      'GET',
      `/api/signatures/${id}/download`,
      { expect: [200] },
    );
    return this.bytes('GET', documentUrl, { token: null, expect: [200] });
  }
}
