import { forwardRef } from 'react';
import { Input, type InputProps } from '../../components/ui/field';

/** The input of a 6-digit one-time code (authenticator app or text message); the caller sizes its text. */
export const CodeInput = forwardRef<HTMLInputElement, InputProps>(function CodeInput(props, ref) {
  return <Input ref={ref} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="123456" {...props} />;
});
