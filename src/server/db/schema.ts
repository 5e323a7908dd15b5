import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OpeningHours } from '../../shared/opening-hours.ts';

/** Database row types. Repositories map these to domain types; nothing outside repositories sees them. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/**
 * The agent (one phone number of the account) a row belongs to (ADR 044). Null only on rows of an agent since
 * deleted (calls) or of an account without one; a database trigger fills it on insert from the account's only agent.
 */
type AgentId = ColumnType<string | null, string | null | undefined, string | null>;
type Json<T> = ColumnType<T, string | T | undefined, string | T>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string | null;
  picture: string | null;
  password_hash: string | null;
  google_sub: string | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface SignInCodesTable {
  code_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface OauthStatesTable {
  state: string;
  code_verifier: string;
  nonce: string;
  expires_at: Timestamp;
}

export interface SignInThrottlesTable {
  account_key: string;
  failures: Generated<number>;
  locked_until: NullableTimestamp;
  last_failure_at: NullableTimestamp;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  plan: string;
  status: string;
  base_amount_cents: number;
  amount_cents: number;
  discount_percent: Generated<number>;
  discount_type: string | null;
  discount_source: string | null;
  provider: string;
  provider_subscription_id: string | null;
  provider_customer_id: string | null;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  trial_ends_at: NullableTimestamp;
  cancel_at_period_end: Generated<boolean>;
  ended_at: NullableTimestamp;
  created_at: CreatedAt;
  /** A downgrade that takes effect at the next renewal (issue 25); null when none. */
  scheduled_plan: string | null;
  /** When the owner asked to cancel at the period end; null when not cancelling. */
  cancel_requested_at: NullableTimestamp;
}

export interface PaymentsTable {
  id: Generated<string>;
  user_id: string | null;
  provider: string;
  provider_session_id: string;
  provider_payment_id: string | null;
  kind: string;
  plan: string | null;
  minutes: number | null;
  amount_cents: number;
  currency: Generated<string>;
  coupon_code: string | null;
  status: string;
  applied_at: NullableTimestamp;
  created_at: CreatedAt;
  /** The price before the discount (null on rows older than issue 25: same as amount_cents). */
  base_amount_cents: number | null;
  discount_percent: Generated<number>;
}

export interface ProcessedEventsTable {
  provider: string;
  event_id: string;
  processed_at: CreatedAt;
}

export interface LocalCheckoutsTable {
  id: string;
  user_id: string | null;
  description: string;
  amount_cents: number;
  base_amount_cents: number;
  discount_percent: Generated<number>;
  success_url: string;
  cancel_url: string;
  status: string;
  metadata: Json<Record<string, string>>;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface MinuteLedgerTable {
  id: Generated<string>;
  user_id: string;
  entry: 'grant' | 'debit';
  bucket: 'plan' | 'extra';
  source: 'plan_period' | 'pack' | 'gift' | 'call' | 'adjustment';
  minutes: number;
  subscription_id: string | null;
  period_start: NullableTimestamp;
  period_end: NullableTimestamp;
  payment_id: string | null;
  call_id: string | null;
  note: string | null;
  created_at: CreatedAt;
}

export interface CouponsTable {
  id: Generated<string>;
  code: string;
  discount_percent: number;
  discount_type: string;
  used: Generated<boolean>;
  used_by: string | null;
  used_at: NullableTimestamp;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface DiscountHistoryTable {
  id: Generated<string>;
  user_id: string;
  action: string;
  discount_percent: number;
  discount_type: string | null;
  discount_source: string | null;
  revoked_by: string | null;
  revoke_reason: string | null;
  created_at: CreatedAt;
}

export interface MinuteGiftsTable {
  id: Generated<string>;
  user_id: string;
  minutes: number;
  gifted_by_email: string;
  note: string | null;
  created_at: CreatedAt;
}

export interface AgentConfigsTable {
  id: Generated<string>;
  user_id: string;
  company_name: string;
  contact_email: string;
  twilio_phone_number: string;
  phone_provider_id: string | null;
  transfer_phone_number: string | null;
  voice_id: string | null;
  eleven_agent_id: string | null;
  status: Generated<string>;
  knowledge_version: Generated<number>;
  config_data: Json<Record<string, unknown>>;
  /** Since when keeping the hosted agent in step with the documents has been failing (null: in step). */
  hosted_sync_pending_since: NullableTimestamp;
  /**
   * When the number was given back because the grace period after the account's last subscription was over (ADR
   * 020 addendum); the row keeps the number it had, which no longer routes calls and may be rented by anyone.
   */
  number_released_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DocumentsTable {
  id: Generated<string>;
  agent_id: AgentId;
  user_id: string;
  name: string;
  blob_key: string;
  kind: string;
  size_bytes: number;
  page_count: number | null;
  provider_document_id: string | null;
  created_at: CreatedAt;
}

export interface PassagesTable {
  id: Generated<string>;
  agent_id: AgentId;
  document_id: string;
  user_id: string;
  ord: number;
  heading: string | null;
  /** The heading's depth ("# " 1, "## " 2), null when it was read from the text's look or there is none. */
  heading_level: ColumnType<number | null, number | null | undefined, number | null>;
  page: number | null;
  text: string;
  tsv: ColumnType<string, never, never>;
  /** Sentence vector for search by meaning (float32 bytes); null until computed in the background. */
  vector: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  /** The owner's added answer this passage was made from ("Answers you added"); null for an uploaded file's. */
  answer_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A sentence vector by the text it was computed from (ADR 043): unchanged passages are never embedded twice. */
export interface PassageVectorCacheTable {
  /** SHA-256 (hex) of the encoder's name and the sentence embedded. */
  text_hash: string;
  vector: Buffer;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** An entry of the "Answers you added" document: a question and the owner's answer (ADR 012). */
export interface AddedAnswersTable {
  id: Generated<string>;
  agent_id: AgentId;
  user_id: string;
  document_id: string;
  question: string;
  answer: string;
  /** Other wordings callers used for the question; the answer is found under each of them too. */
  asked_as: Json<string[]>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A question the agent could not answer on a call (ADR 012). */
export interface KnowledgeGapsTable {
  id: Generated<string>;
  agent_id: AgentId;
  user_id: string;
  call_id: string | null;
  question: string;
  /** declined | not_confirmed | before_person | no_answer */
  kind: string;
  asked_at: ColumnType<Date, Date | string, Date | string>;
  vector: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  /** open | answered | dismissed */
  status: Generated<string>;
  answer_id: string | null;
  resolved_at: NullableTimestamp;
  /** When the weekly email listed it (null: not yet). */
  digested_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface KnowledgeGapDigestsTable {
  user_id: string;
  last_sent_at: ColumnType<Date, Date | string, Date | string>;
}

/** The local phone network's rented numbers (telephony provider `local`). */
export interface LocalPhoneNumbersTable {
  phone_number: string;
  sid: string;
  voice_url: string | null;
  status_callback_url: string | null;
  rented_at: CreatedAt;
}

export interface TranscriptEntry {
  speaker: 'agent' | 'caller';
  text: string;
  at_s: number;
  sources?: { document: string; heading: string | null; page: number | null; passage_id?: string }[];
  /** On an answer: the caller's question it answers (not "yes" when the agent had asked "are you asking …?"). */
  question?: string;
  interrupted?: boolean;
}

export interface CallsTable {
  id: Generated<string>;
  agent_id: AgentId;
  user_id: string;
  provider: string;
  provider_call_id: string | null;
  phone_number: string;
  to_number: string | null;
  started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ended_at: NullableTimestamp;
  duration_s: Generated<number>;
  transcript: Json<TranscriptEntry[]>;
  outcome: string | null;
  summary: string | null;
  billed_minutes: number | null;
  turn_latencies_ms: Json<number[]>;
  handoff: Json<Record<string, unknown> | null>;
  created_at: CreatedAt;
  /** Heartbeat of a live call, written by the instance holding its socket (null once ended, or for hosted calls). */
  last_seen_at: NullableTimestamp;
  /** Minutes a live call holds against the account's limit (its current minute, extended before each next one). */
  reserved_minutes: Generated<number>;
  /** Lower-cased text of the transcript's entries, kept by the database (generated column) for the search. */
  transcript_text: ColumnType<string, never, never>;
  /** The message the caller left (name, call-back number, text); null when none was left. */
  message: Json<CallMessage | null>;
}

/** A message a caller left on a call (ADR 042). */
export interface CallMessage {
  name: string | null;
  callback_number: string;
  text: string;
  /** Why the agent took a message: closed, no transfer number, or the account's minutes ran out. */
  context: 'after_hours' | 'no_transfer' | 'no_minutes';
}

/** One agent's opening hours (shared/opening-hours.ts); no row: always open. */
export interface AgentHoursTable {
  agent_id: string;
  hours: Json<OpeningHours>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface EmailsTable {
  id: Generated<string>;
  dedupe_key: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: string;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  sent_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface PendingNumberReleasesTable {
  phone_number: string;
  provider_id: string | null;
  reason: string;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: CreatedAt;
}

export interface LeasesTable {
  key: string;
  holder: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** A requested self-test (ADR 013): one per agent (ADR 044), claimed by one instance while it runs. */
export interface SelfTestRequestsTable {
  agent_id: string;
  user_id: string;
  requested_at: Timestamp;
  first_requested_at: Timestamp;
  due_at: Timestamp;
  claimed_by: string | null;
  claimed_until: NullableTimestamp;
  waiting_since: NullableTimestamp;
}

export interface SelfTestsTable {
  id: Generated<string>;
  agent_id: AgentId;
  user_id: string;
  ran_at: Timestamp;
  knowledge_version: number;
  created_at: CreatedAt;
}

export interface SelfTestItemsTable {
  id: Generated<string>;
  self_test_id: string;
  user_id: string;
  ord: number;
  question: string;
  kind: string;
  made_from: string;
  source_document: string | null;
  source_section: string | null;
  outcome: string;
  reply: string;
  answer_document: string | null;
  answer_section: string | null;
  marked_wrong_at: NullableTimestamp;
  gap_id: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_codes: SignInCodesTable;
  oauth_states: OauthStatesTable;
  sign_in_throttles: SignInThrottlesTable;
  password_reset_tokens: PasswordResetTokensTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  processed_events: ProcessedEventsTable;
  local_checkouts: LocalCheckoutsTable;
  minute_ledger: MinuteLedgerTable;
  coupons: CouponsTable;
  discount_history: DiscountHistoryTable;
  minute_gifts: MinuteGiftsTable;
  agent_configs: AgentConfigsTable;
  agent_hours: AgentHoursTable;
  documents: DocumentsTable;
  passages: PassagesTable;
  passage_vector_cache: PassageVectorCacheTable;
  added_answers: AddedAnswersTable;
  knowledge_gaps: KnowledgeGapsTable;
  knowledge_gap_digests: KnowledgeGapDigestsTable;
  calls: CallsTable;
  emails: EmailsTable;
  pending_number_releases: PendingNumberReleasesTable;
  local_phone_numbers: LocalPhoneNumbersTable;
  leases: LeasesTable;
  self_test_requests: SelfTestRequestsTable;
  self_tests: SelfTestsTable;
  self_test_items: SelfTestItemsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
