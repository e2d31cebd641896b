// What other modules may use of accounts: PIN assignment (employees) and password hashing.

export {
  APPROVAL_ERROR_STATUS,
  APPROVER_NOT_ALLOWED,
  APPROVER_PIN_INVALID,
  type VerifiedApprover,
  verifyApproverPin,
} from './approver-pin.ts';
export { DEMO_STAFF, describeDemoStaff, seedDemoStaff } from './demo-staff.ts';
export { businessLink } from './links.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export { assignNewPin, generatePin, hashPin, isPinTaken, loadPinSecret, type PinAssignment } from './pins.ts';
export { PASSWORD_SESSION_MS, PIN_SESSION_MS } from './sessions.ts';
