import { KeyRound } from 'lucide-react';
import { PlaceholderPage } from '../components/placeholder-page';

// Stands in for /auth until src/features/auth/auth-page.tsx exists.
export function AuthPlaceholderPage() {
  return (
    <PlaceholderPage
      title="Staff Sign In"
      summary="Sign in or create a staff account to work on estimates."
      icon={<KeyRound />}
      plans={['Sign in with e-mail or phone and password', 'Create a staff account', 'Reset a forgotten password', 'Two-factor sign-in with an authenticator app']}
      variant="public"
    />
  );
}
