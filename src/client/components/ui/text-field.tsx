import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Input } from './input.tsx';
import { FieldHint, Label } from './label.tsx';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  /** Helper text below the input, tied to it with aria-describedby. */
  hint?: ReactNode;
};

/** A labelled input (label tied by a generated id), with optional helper text. */
export function TextField({ label, hint, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={hint ? hintId : undefined} {...inputProps} />
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
    </div>
  );
}
