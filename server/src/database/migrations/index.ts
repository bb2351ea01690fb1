import { Foundation1763884800000 } from './1763884800000-Foundation';
import { SignatureRequests1763971200000 } from './1763971200000-SignatureRequests';
import { Signing1764057600000 } from './1764057600000-Signing';
import { Billing1764144000000 } from './1764144000000-Billing';
import { AmlRisk1764230400000 } from './1764230400000-AmlRisk';
import { MemberActivity1764316800000 } from './1764316800000-MemberActivity';
import { UploadLifecycle1764403200000 } from './1764403200000-UploadLifecycle';
import { SharedLimits1764489600000 } from './1764489600000-SharedLimits';
import { JobRedispatch1764576000000 } from './1764576000000-JobRedispatch';
import { DeliveryDeclineExpiry1764662400000 } from './1764662400000-DeliveryDeclineExpiry';
import { AuditAppendedReads1764748800000 } from './1764748800000-AuditAppendedReads';
import { RequestCounts1764748800001 } from './1764748800001-RequestCounts';
import { SigningParties1764835200000 } from './1764835200000-SigningParties';
import { UploadRepairs1764921600000 } from './1764921600000-UploadRepairs';
import { QualifiedSignatures1765008000000 } from './1765008000000-QualifiedSignatures';
import { ListViews1765094400000 } from './1765094400000-ListViews';
import { SignInThrottleByAddress1765180800000 } from './1765180800000-SignInThrottleByAddress';
import { UploadClaimLease1765267200000 } from './1765267200000-UploadClaimLease';
import { SignInSignals1765353600000 } from './1765353600000-SignInSignals';
import { Agencies1765440000000 } from './1765440000000-Agencies';
import { JobFailureIndex1765443600000 } from './1765443600000-JobFailureIndex';

/** Every migration, in order. Listed by hand so the compiled bundle needs no file globbing. */
export const MIGRATIONS = [
  Foundation1763884800000,
  SignatureRequests1763971200000,
  Signing1764057600000,
  Billing1764144000000,
  AmlRisk1764230400000,
  MemberActivity1764316800000,
  UploadLifecycle1764403200000,
  SharedLimits1764489600000,
  JobRedispatch1764576000000,
  DeliveryDeclineExpiry1764662400000,
  AuditAppendedReads1764748800000,
  RequestCounts1764748800001,
  SigningParties1764835200000,
  UploadRepairs1764921600000,
  QualifiedSignatures1765008000000,
  ListViews1765094400000,
  SignInThrottleByAddress1765180800000,
  UploadClaimLease1765267200000,
  SignInSignals1765353600000,
  Agencies1765440000000,
  JobFailureIndex1765443600000,
];
