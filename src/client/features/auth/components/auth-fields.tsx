import { TextField } from '../../../components/ui/text-field.tsx';

/** The account's email, as the sign-in and password pages ask for it. */
export function EmailField({
  value,
  onValueChange,
  placeholder = 'you@company.com',
}: {
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      placeholder={placeholder}
    />
  );
}

const NEW_PASSWORD_HINT = 'At least 8 characters; not a common password, your email or your name.';

interface PasswordFieldProps {
  label: string;
  name: string;
  /** A password being chosen: the browser may suggest one, and it must have 8 characters at least. */
  isNew?: boolean;
  hint?: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** A required password input, filled in by the browser's password manager as current or new. */
export function PasswordField({
  label,
  name,
  isNew = false,
  hint,
  value,
  onValueChange,
}: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      required
      minLength={isNew ? 8 : undefined}
      hint={hint}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

interface NewPasswordFieldsProps {
  /** The form field name of the new password. */
  name: string;
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
}

/** "New password" with the rules it must follow, and "Confirm new password" (reset and change password). */
export function NewPasswordFields({
  name,
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="New password"
        name={name}
        isNew
        hint={NEW_PASSWORD_HINT}
        value={password}
        onValueChange={onPasswordChange}
      />
      <PasswordField
        label="Confirm new password"
        name="confirmation"
        isNew
        value={confirmation}
        onValueChange={onConfirmationChange}
      />
    </>
  );
}
