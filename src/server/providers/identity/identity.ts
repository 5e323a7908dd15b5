/** Sign-in with Google, in the product's words. */
export interface IdentityClaims {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

export interface IdentityProvider {
  /** 'local' is the built-in sign-in page used when GOOGLE_CLIENT_ID is not set. */
  readonly kind: 'google' | 'local';
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /** Completes the code flow from the callback URL; throws when anything does not verify. */
  exchange(callbackUrl: URL, request: AuthorizationRequest): Promise<IdentityClaims>;
}
