import { missingSystemTools } from '@esign/pdf-signing/testing';

/** Stops the run before any test when a program the tests call is missing, naming the packages to install. */
export default function requireSystemTools(): void {
  const missing = missingSystemTools();
  if (!missing) return;
  const error = new Error(`The server's tests cannot run. ${missing}`);
  error.stack = error.message; // the message is the whole story; a stack trace would only bury it
  throw error;
}
