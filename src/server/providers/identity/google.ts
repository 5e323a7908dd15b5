import * as oidc from 'openid-client';
import { ProviderError } from '../../lib/errors.ts';
import type { AuthorizationRequest, IdentityClaims, IdentityProvider } from './identity.ts';

export interface GoogleIdentityOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** OpenID Connect code flow with PKCE through openid-client; any issuer (Google, or a local fake in tests). */
export function createGoogleIdentity(options: GoogleIdentityOptions): IdentityProvider {
  let configuration: Promise<oidc.Configuration> | undefined;
  const issuerUrl = new URL(options.issuer);
  const discover = () => {
    configuration ??= oidc
      .discovery(
        issuerUrl,
        options.clientId,
        options.clientSecret,
        undefined,
        issuerUrl.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw new ProviderError('google', 'discovery failed', true, { cause: error });
      });
    return configuration;
  };

  return {
    kind: 'google',
    async authorizationUrl(request: AuthorizationRequest) {
      const config = await discover();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: request.redirectUri,
          scope: 'openid email profile',
          code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
          code_challenge_method: 'S256',
          state: request.state,
          nonce: request.nonce,
          prompt: 'select_account',
        })
        .toString();
    },
    async exchange(callbackUrl: URL, request: AuthorizationRequest): Promise<IdentityClaims> {
      const config = await discover();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string') {
        throw new ProviderError('google', 'the ID token carries no email', false);
      }
      return {
        sub: claims.sub,
        email: claims.email,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : null,
        picture: typeof claims.picture === 'string' ? claims.picture : null,
      };
    },
  };
}
