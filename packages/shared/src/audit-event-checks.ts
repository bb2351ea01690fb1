import {
  OTP_FAILURES,
  QUALIFIED_FAILURES,
  QUALIFIED_STEPS,
  SIGNATURE_TIMESTAMPERS,
  type AuditDetailsMap,
  type AuditEventOf,
  type RecordedAuditEvent,
  type RequestContentDetails,
  type SignatureConsents,
} from './audit-events';
import { LOCALES } from './locales';
import { SIGNING_CONSENTS } from './signing';
import {
  AUDIT_EVENTS,
  SIGNATURE_STATUSES,
  SIGNING_FLOWS,
  SIGNING_MODES,
  type AuditEventType,
  type AuditEventView,
} from './signatures';

/** The JSON kinds a value of type T can have; `absent` for an optional field. */
type JsonKind<T> = T extends string
  ? 'string'
  : T extends number
    ? 'number'
    : T extends boolean
      ? 'boolean'
      : T extends null
        ? 'null'
        : T extends undefined
          ? 'absent'
          : T extends readonly unknown[]
            ? 'array'
            : T extends object
              ? 'object'
              : never;

/**
 * How a field of type T is checked: one entry per JSON kind it can have, no more, no fewer (the compiler
 * sees to it). A string of a closed set lists its values; an array says how its items are checked; an
 * object, its fields.
 */
export type FieldCheck<T> = {
  [K in JsonKind<T>]: K extends 'string'
    ? string extends Extract<T, string>
      ? true
      : readonly Extract<T, string>[]
    : K extends 'array'
      ? FieldCheck<T extends readonly (infer Item)[] ? Item : never>
      : K extends 'object'
        ? FieldChecks<Exclude<Extract<T, object>, readonly unknown[]>>
        : true;
};

/** A check for every field of T. */
export type FieldChecks<T> = { [K in keyof T]-?: FieldCheck<T[K]> };

const text = { string: true } as const;
const count = { number: true } as const;
const flag = { boolean: true } as const;
const optionalText = { string: true, absent: true } as const;
const textOrNull = { string: true, null: true } as const;
const oneOf = <T extends string>(values: readonly T[]) => ({ string: values });

const REQUEST_CONTENT: FieldChecks<RequestContentDetails> = {
  title: text,
  documentName: text,
  documentSha256: text,
  signingMode: oneOf(SIGNING_MODES),
  signingFlow: oneOf(SIGNING_FLOWS),
  expiresAt: text,
  signatories: {
    array: {
      object: {
        order: count,
        name: text,
        email: text,
        mobile: text,
        role: optionalText,
        party: optionalText,
      },
    },
  },
};

const CONSENTS: FieldChecks<SignatureConsents> = {
  ...(Object.fromEntries(SIGNING_CONSENTS.map((consent) => [consent, flag])) as Record<
    (typeof SIGNING_CONSENTS)[number],
    typeof flag
  >),
  textVersion: text,
  acceptedAt: text,
};

/** Each event's details, field by field: what `isAuditEvent` checks a stored row against. */
const AUDIT_DETAIL_CHECKS: { [E in AuditEventType]: FieldChecks<AuditDetailsMap[E]> } = {
  CREATE: REQUEST_CONTENT,
  UPDATE: REQUEST_CONTENT,
  CANCEL: {},
  LIST: {
    filter: { object: { q: optionalText, status: { string: SIGNATURE_STATUSES, absent: true } } },
    count,
  },
  VIEW: {},
  VIEW_DETAILS: {},
  REQUEST_OTP: {
    phone: text,
    documentSha256: text,
    expiresAt: text,
    outboxMessageId: text,
    language: oneOf(LOCALES),
  },
  POST_OTP: { codeId: text },
  INVALID_OTP: {
    reason: oneOf(OTP_FAILURES),
    codeId: textOrNull,
    failures: { number: true, null: true },
    locked: flag,
  },
  SEND_REMINDER: { automatic: flag, signatories: { array: text } },
  SIGN_DOCUMENT: {
    signatoryId: text,
    signingMode: oneOf(SIGNING_MODES),
    documentSha256: text,
    deliveryId: text,
    deliveredSha256: text,
    location: text,
    consents: { object: CONSENTS },
    phone: text,
    certificateSerial: optionalText,
    certificateFingerprint: optionalText,
    signedRevisionSha256: optionalText,
    previousRevisionSha256: optionalText,
    provider: optionalText,
    transactionId: optionalText,
    signatureTimestampBy: { string: SIGNATURE_TIMESTAMPERS, absent: true },
  },
  SEAL: { finalSha256: text },
  DELIVER_DOCUMENT: {
    signatoryId: text,
    deliveryId: text,
    documentSha256: text,
    bytes: count,
    revision: { number: true, null: true },
    final: flag,
    complete: flag,
  },
  VIEW_DOCUMENT: {
    signatoryId: text,
    deliveryId: text,
    documentSha256: text,
    current: flag,
    pageCount: count,
    renderedAt: text,
  },
  DECLINE: { signatoryId: text, reason: text, language: { string: LOCALES, null: true } },
  EXPIRE: { expiresAt: text, signed: count, signatories: count },
  EXTEND: { previousExpiresAt: text, expiresAt: text, days: count },
  ASSIGN: { previousAssigneeId: textOrNull, assigneeId: text, assigneeName: text },
  QUALIFIED_AUTHORISATION: {
    signatoryId: text,
    step: oneOf(QUALIFIED_STEPS),
    provider: text,
    transactionId: text,
    certificateSubject: optionalText,
    certificateIssuer: optionalText,
    certificateSerial: optionalText,
    toBeSignedSha256: optionalText,
  },
  QUALIFIED_FAILED: { signatoryId: text, reason: oneOf(QUALIFIED_FAILURES), transactionId: text },
};

/** A check as the code below walks it, whatever the field's type. */
type AnyCheck = { [kind: string]: true | readonly string[] | AnyCheck | { [field: string]: AnyCheck } };

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'absent';
  return Array.isArray(value) ? 'array' : typeof value;
}

function fits(value: unknown, check: AnyCheck): boolean {
  const kind = kindOf(value);
  const rule = check[kind];
  if (rule === undefined) return false;
  if (kind === 'string') return rule === true || (rule as readonly string[]).includes(value as string);
  if (kind === 'number') return Number.isFinite(value);
  if (kind === 'array') return (value as unknown[]).every((item) => fits(item, rule as AnyCheck));
  if (kind === 'object') return fieldsFit(value as object, rule as { [field: string]: AnyCheck }, false);
  return true;
}

/** Every field checked is of its type; a field missing from the top level is allowed (see StoredAuditDetails). */
function fieldsFit(object: object, checks: { [field: string]: AnyCheck }, missingAllowed: boolean): boolean {
  return Object.entries(checks).every(([field, check]) =>
    missingAllowed && !Object.hasOwn(object, field)
      ? true
      : fits((object as Record<string, unknown>)[field], check),
  );
}

export function isAuditEventType(name: string): name is AuditEventType {
  return (AUDIT_EVENTS as readonly string[]).includes(name);
}

/**
 * Whether an event of the trail is `name`, with details a reader may take at their declared types: the one
 * place where the stored JSON becomes typed. Tolerated, as older versions wrote them: a field missing, and
 * a field this version does not know (it stays in the details, exactly as chained). Not read, though kept in
 * the trail: a name this version does not know (a newer version's, during an update) and a field present
 * with another type than declared (which no version writes: only a hand-edited row, whose chain then breaks).
 */
export function isAuditEvent<E extends AuditEventType>(
  event: AuditEventView,
  name: E,
): event is AuditEventView & AuditEventOf<E> {
  return event.event === name && hasCheckedDetails(event, name);
}

/** Whether an event of the trail can be read, whichever it is (see `isAuditEvent`): then switch on `event`. */
export function isRecordedAuditEvent(event: AuditEventView): event is RecordedAuditEvent {
  return isAuditEventType(event.event) && hasCheckedDetails(event, event.event);
}

function hasCheckedDetails(event: AuditEventView, name: AuditEventType): boolean {
  const checks: { [field: string]: AnyCheck } = AUDIT_DETAIL_CHECKS[name];
  const details: unknown = event.details;
  return (
    typeof details === 'object' &&
    details !== null &&
    !Array.isArray(details) &&
    fieldsFit(details, checks, true)
  );
}
