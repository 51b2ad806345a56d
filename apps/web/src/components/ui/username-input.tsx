import { normalizeUsername } from '@fanline/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldAria } from './field';
import { Input } from './input';

export interface UsernameInputProps {
  /** The input's id; the availability line below it is `${id}-status` (see UsernameStatus). */
  id: string;
  field: UseFormRegisterReturn<'username'>;
  /** The field's error message, if any: the input points at it. */
  error?: string;
  /** Marked invalid while the name has an error or is taken. */
  invalid: boolean;
}

/** The username input of sign-up and Edit Profile: spec §5 lowercases and strips to a-z, 0-9 and _ as you type. */
export function UsernameInput({ id, field, error, invalid }: UsernameInputProps) {
  return (
    <Input
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      {...fieldAria(id, error, false, true)}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={`${id}-status ${error ? `${id}-error` : ''}`.trim()}
      {...field}
      onChange={(event) => {
        event.target.value = normalizeUsername(event.target.value);
        return field.onChange(event);
      }}
    />
  );
}
