import { ProviderError } from '../../lib/errors.ts';
import type { AuthorizationRequest, IdentityProvider } from './identity.ts';

/**
 * Without GOOGLE_CLIENT_ID, "Continue with Google" goes to the product's own page
 * /auth/local-google, clearly marked as the local provider; it posts a name and email to
 * POST /api/auth/google/local, which completes the same flow as the Google callback.
 */
export const localIdentity: IdentityProvider = {
  kind: 'local',
  async authorizationUrl(request: AuthorizationRequest) {
    return `/auth/local-google?state=${encodeURIComponent(request.state)}`;
  },
  async exchange() {
    throw new ProviderError('local-identity', 'the local provider completes through its own page', false);
  },
};
