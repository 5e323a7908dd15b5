/** The product's one error model: a typed code mapped to an HTTP status by the error handler. */
export type AppErrorCode =
  | 'bad_request'
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'payment_required'
  | 'provider_unavailable'
  | 'unavailable';

const statusByCode: Record<AppErrorCode, number> = {
  bad_request: 400,
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  payment_required: 402,
  provider_unavailable: 502,
  unavailable: 503,
};

export class AppError extends Error {
  readonly status: number;
  /** For rate_limited: seconds until a retry may succeed (sent as Retry-After). */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = statusByCode[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A failure of an external provider (Twilio, Stripe, ...). Its message is never shown to users. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
    this.name = 'ProviderError';
  }
}
