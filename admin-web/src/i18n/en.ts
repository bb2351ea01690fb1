import { ErrorCode } from '@esign/shared';
import { accountsEn } from './accounts/en';
import { billingEn } from './billing/en';
import { teamEn } from './team/en';
import { signaturesEn } from './signatures/en';
import englishMessages from 'ra-language-english';
import { type Messages } from './fr';

export const en: Messages = {
  ra: englishMessages.ra,
  app: {
    name: 'CIGDL e-Signature',
    search_min_length: 'Type at least %{count} characters to search.',
    language: 'Language',
    auth: {
      title: 'Sign in',
      subtitle: 'Electronic signature space for members of the Real Estate Chamber',
      email: 'Email address',
      password: 'Password',
      sign_in: 'Sign in',
      forgot_password: 'Forgot your password?',
      account_locked:
        'Too many attempts: signing in to this account is blocked for a few minutes. Try again later, or choose a new password with "Forgot password".',
      invalid_login: 'Your login details are incorrect',
      password_reset_required: 'You must reset your password before signing in.',
      back_to_sign_in: 'Back to sign in',
    },
    password: {
      new: 'New password',
      repeat: 'Repeat the password',
      rules: '8 to 50 characters, with at least one lowercase letter, one uppercase letter and one digit.',
    },
    forgot_password: {
      title: 'Forgot password',
      request_intro: 'Step 1 of 2: enter your email address and we will send you a verification code.',
      confirm_intro: 'Step 2 of 2: enter the code you received by email and choose a new password.',
      send_code: 'Send the code',
      code: 'Verification code',
      submit: 'Change the password',
      email_sent: 'An email with a verification code has been sent to you.',
      email_error: 'Sorry, looks like there is an issue. Please try again.',
      invalid_code: 'Invalid code. Please try again.',
      start_again: 'Start again with another address',
      done: 'Your password has been changed. You can now sign in.',
    },
    new_password: {
      title: 'Choose your password',
      intro: 'As this is your first sign-in, replace the temporary password with your own.',
      submit: 'Save and continue',
      expired: 'This sign-in step has expired. Please sign in again.',
    },
    validation: {
      required: 'This field is required',
      invalid_email: 'Invalid email address',
      email_length: 'The email address must be 3 to 50 characters long',
      code_length: 'The code has at most 6 characters',
      password_rules:
        'The password must be 8 to 50 characters long, with a lowercase letter, an uppercase letter and a digit',
      passwords_must_match: 'Passwords must match',
    },
    menu: {
      dashboard: 'Dashboard',
      users: 'Users',
      signatures: 'Signatures',
      dev_outbox: 'Outbox',
      ...billingEn.menu,
      ...teamEn.menu,
    },
    user_menu: {
      signed_in_as: 'Signed in as %{email}',
      button: '%{name}, profile and language',
      button_unnamed: 'Profile and language',
      interface_language: 'Interface language (e-mails and SMS follow the profile’s)',
    },
    footer: {
      chamber: 'Real-estate chamber of the Grand Duchy of Luxembourg',
      trust_service: 'Trust-service provider: qualified certificates and time-stamps',
      developer: 'Developed for the chamber and its members',
      report_bug: 'Report a problem',
      report_bug_subject: 'Problem on the signature platform',
      user_guide: 'User guide (PDF)',
    },
    dashboard: {
      title: 'Dashboard',
      greeting: 'Hello %{name}',
      today: 'Today is %{date}.',
      ...billingEn.dashboard,
    },
    outbox: {
      title: 'Development outbox',
      intro:
        'The emails and text messages the platform has issued while no real delivery provider is configured. Newest first.',
      recipient: 'Email address or phone number',
      recipient_too_short: 'Enter an email address or a phone number (at least 3 characters).',
      show: 'Show the messages',
      refresh: 'Refresh',
      empty: 'No message for this recipient.',
      disabled:
        'The development outbox is off: this server delivers messages through real email and SMS providers.',
      load_error: 'The messages could not be loaded.',
      email: 'Email',
      sms: 'SMS',
      no_subject: '(no subject)',
      not_sent: 'Not sent yet',
    },
    roles: {
      ADMIN: 'Administrator',
      GROUP_MEMBER: 'Group member',
      MEMBER: 'Member',
    },
    errors: {
      forbidden_title: 'Restricted page',
      forbidden:
        'Your account has no access to this page: signature requests belong to members, account management to administrators.',
      not_found_title: 'Page Not Found',
      not_found: 'Either you typed a wrong address, or the page no longer exists.',
      system_title: 'System error',
      system: 'Something went wrong! Please try again later.',
      back_home: 'Back to the home page',
    },
    ...accountsEn.app,
    ...signaturesEn.app,
    billing: billingEn.billing,
    team: teamEn.team,
  },
  validation: { ...accountsEn.validation, ...signaturesEn.validation, ...billingEn.validation },
  errors: {
    [ErrorCode.VALIDATION_FAILED]: 'Some of the information is invalid.',
    [ErrorCode.BAD_REQUEST]: 'The request is not valid.',
    [ErrorCode.UNAUTHENTICATED]: 'Please sign in to continue.',
    [ErrorCode.FORBIDDEN]: 'You are not allowed to do this.',
    [ErrorCode.ACCOUNT_DISABLED]: 'Your account is deactivated. Please contact the Real Estate Chamber.',
    [ErrorCode.GDPR_CONSENT_REQUIRED]: 'You must accept the data protection policy.',
    [ErrorCode.NOT_FOUND]: 'The requested item does not exist.',
    [ErrorCode.CONFLICT]: 'The item was changed in the meantime. Please reload the page.',
    [ErrorCode.EMAIL_ALREADY_USED]: 'This email address is already in use.',
    [ErrorCode.SELF_ACTION_FORBIDDEN]: 'You cannot do this to your own account.',
    [ErrorCode.USER_NOT_DISABLED]: 'Only a deactivated account can be deleted.',
    [ErrorCode.LAST_AGENCY_MANAGER]:
      'The agency needs at least one active manager: make someone else a manager first.',
    [ErrorCode.STAFF_HAS_REQUESTS]:
      "This person created requests: they stay in the agency's records and can only be deactivated.",
    [ErrorCode.INVALID_UPLOAD]: 'The uploaded file is missing or not of the expected type.',
    [ErrorCode.IDENTITY_PROVIDER_ERROR]: 'The sign-in service refused the operation. Please try again.',
    [ErrorCode.FILE_TOO_LARGE]: 'The file is too large (10 MB at most).',
    [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 'This type of file is not accepted.',
    [ErrorCode.LINK_EXPIRED]: 'This link is no longer valid.',
    [ErrorCode.PDF_TOO_MANY_SIGNATURES]: 'This PDF holds more than 60 signatures and cannot be checked here.',
    [ErrorCode.TOO_MANY_REQUESTS]: 'Too many attempts. Please wait before trying again.',
    [ErrorCode.DB_UNAVAILABLE]: 'The service is temporarily unavailable. Please try again.',
    [ErrorCode.SERVICE_UNAVAILABLE]: 'The service is temporarily unavailable. Please try again.',
    [ErrorCode.INTERNAL]: 'Something went wrong! Please try again later.',
    ...signaturesEn.errors,
    ...billingEn.errors,
  },
  resources: {
    users: {
      name: 'User |||| Users',
      fields: {
        name: 'Name',
        email: 'Email address',
        mobile: 'Mobile',
        role: 'Role',
        isDisabled: 'Deactivated',
        createdAt: 'Created on',
        ...accountsEn.userFields,
      },
    },
    signatures: signaturesEn.resource,
  },
};
