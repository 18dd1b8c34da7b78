import { landingPathFor } from '@meterline/contract/roles';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { SignInForm } from '../components/sign-in-form';

/** `/login` (and `/`) inside the app's router; a visitor with no session sees the same form in the public shell. */
export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <SignInForm
      reason={searchParams.get('reason')}
      onSignedIn={(user) => void navigate(landingPathFor(user.role), { replace: true })}
      linkComponent={RouterLink}
    />
  );
}
