import type { Migration } from 'kysely/migration';
import * as m20261122000000 from './2026_11_22_000000_initial_schema.ts';
import * as m20261122140400 from './2026_11_22_140400_create_local_phone_numbers.ts';
import * as m20261122150000 from './2026_11_22_150000_create_pending_number_releases.ts';
import * as m20261122160000 from './2026_11_22_160000_create_leases.ts';
import * as m20261122170000 from './2026_11_22_170000_add_hosted_sync_pending.ts';
import * as m20261124000000 from './2026_11_24_000000_add_passage_vectors.ts';
import * as m20261125134500 from './2026_11_25_134500_calls_heartbeat.ts';
import * as m20261125140000 from './2026_11_25_140000_accounts_password_security.ts';
import * as m20261126120000 from './2026_11_26_120000_knowledge_gaps.ts';
import * as m20261126130000 from './2026_11_26_130000_session_change_notify.ts';
import * as m20261127120000 from './2026_11_27_120000_self_tests.ts';
import * as m20261127134000 from './2026_11_27_134000_calls_search.ts';
import * as m20261128100000 from './2026_11_28_100000_billing_manage.ts';
import * as m20261128110000 from './2026_11_28_110000_opening_hours_and_messages.ts';
import * as m20261128120000 from './2026_11_28_120000_passage_vector_cache.ts';
import * as m20261129100000 from './2026_11_29_100000_several_agents_per_account.ts';
import * as m20261129110000 from './2026_11_29_110000_number_release_after_grace.ts';
import * as m20261130200000 from './2026_11_30_200000_account_change_notify.ts';
import * as m20261130210000 from './2026_11_30_210000_passage_heading_level.ts';

/** Every migration, by its frozen name. Add new ones at the end; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_000000_initial_schema': m20261122000000,
  '2026_11_22_140400_create_local_phone_numbers': m20261122140400,
  '2026_11_22_150000_create_pending_number_releases': m20261122150000,
  '2026_11_22_160000_create_leases': m20261122160000,
  '2026_11_22_170000_add_hosted_sync_pending': m20261122170000,
  '2026_11_24_000000_add_passage_vectors': m20261124000000,
  '2026_11_25_134500_calls_heartbeat': m20261125134500,
  '2026_11_25_140000_accounts_password_security': m20261125140000,
  '2026_11_26_120000_knowledge_gaps': m20261126120000,
  '2026_11_26_130000_session_change_notify': m20261126130000,
  '2026_11_27_120000_self_tests': m20261127120000,
  '2026_11_27_134000_calls_search': m20261127134000,
  '2026_11_28_100000_billing_manage': m20261128100000,
  '2026_11_28_110000_opening_hours_and_messages': m20261128110000,
  '2026_11_28_120000_passage_vector_cache': m20261128120000,
  '2026_11_29_100000_several_agents_per_account': m20261129100000,
  '2026_11_29_110000_number_release_after_grace': m20261129110000,
  '2026_11_30_200000_account_change_notify': m20261130200000,
  '2026_11_30_210000_passage_heading_level': m20261130210000,
};
