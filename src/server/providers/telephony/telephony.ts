/**
 * Telephony in the product's words: find a phone number, rent it for an agent, give it back.
 * Two implementations: `twilio.ts` (real numbers) and `local.ts` (the built-in phone network of fictional
 * +1 555 01xx numbers used by `npm start` and the tests). The call runtime adds call-related methods later.
 */

/** A number that can be rented. `phoneNumber` is E.164 (+15550100). */
export interface AvailableNumber {
  phoneNumber: string;
  friendlyName: string | null;
}

/** A number this account rents from the provider; `providerId` is the provider's handle (Twilio "PN..." sid). */
export interface RentedNumber {
  phoneNumber: string;
  providerId: string;
}

export interface RentNumberRequest {
  phoneNumber: string;
  /** Where the provider sends incoming calls (POST). */
  voiceUrl: string;
  /** Where the provider reports call status changes (POST). */
  statusCallbackUrl: string;
}

export interface TelephonyProvider {
  readonly kind: 'twilio' | 'local';
  /** Local US voice numbers that can be rented now. */
  searchAvailableNumbers(options?: { limit?: number }): Promise<AvailableNumber[]>;
  /**
   * Rents the number and points its voice webhook at `voiceUrl`.
   * Throws NumberUnavailableError when someone else has it (or it does not exist); ProviderError otherwise.
   */
  rentNumber(request: RentNumberRequest): Promise<RentedNumber>;
  /** Gives the number back. Succeeds when the number is already gone. Throws ProviderError on failure. */
  releaseNumber(number: { phoneNumber: string; providerId: string | null }): Promise<void>;
}

/** The number cannot be rented: taken by someone else in the meantime, or never available. */
export class NumberUnavailableError extends Error {
  constructor(readonly phoneNumber: string) {
    super(`${phoneNumber} is not available`);
    this.name = 'NumberUnavailableError';
  }
}
