import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';

/**
 * What a new password must not be (sign-up, reset, change): one of the most common passwords, or the
 * owner's own email address or name. Length is the schemas' rule (8 to 200 characters).
 */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a less common password.';
export const PERSONAL_PASSWORD_MESSAGE =
  'Your password must not be your email address or your name. Please choose another password.';

let commonPasswords: Set<string> | undefined;

function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    COMMON_PASSWORDS_TEXT.split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return commonPasswords.has(password.trim().toLowerCase());
}

/** Lowercase, without spaces, and without the digits or symbols people add at the end ("Dana2024!"). */
function core(value: string): string {
  return value
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[^\p{L}]+$/u, '');
}

function isPersonal(password: string, owner: { email: string; name?: string | null }): boolean {
  const compact = password.toLowerCase().replace(/\s+/g, '');
  const email = owner.email.trim().toLowerCase();
  const localPart = email.split('@')[0] ?? '';
  const candidates = [email, localPart, owner.name ?? ''].map((value) =>
    value.toLowerCase().replace(/\s+/g, ''),
  );
  if (candidates.some((candidate) => candidate.length > 0 && candidate === compact)) return true;
  const passwordCore = core(password);
  return candidates.some((candidate) => candidate.length >= 3 && core(candidate) === passwordCore);
}

/** The message to show when the password is refused, or null when it is acceptable. */
export function findPasswordProblem(
  password: string,
  owner: { email: string; name?: string | null },
): string | null {
  if (isPersonal(password, owner)) return PERSONAL_PASSWORD_MESSAGE;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}
