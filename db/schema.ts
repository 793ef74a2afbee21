/**
 * The lead pipeline's tables (the spec's four, with its columns), plus the
 * agent briefing and the webhook outbox. Generate migrations with
 * `npm run db:generate` after any change here and commit db/migrations/; the
 * server applies them at start.
 *
 * SQL stays within what PostgreSQL 15 runs (PGlite is 18): gen_random_uuid()
 * is built in since 13, jsonb, timestamptz, check constraints.
 */
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { LeadStatus, LostReason } from '../app/admin/lead-status'
import { CURRENCY } from '../app/utils/currency'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** One row per acknowledged lead, whatever form it came from. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    // Newsletter leads have no phone: '' as the payload sends it.
    phone: text('phone').notNull().default(''),
    company: text('company'),
    source: text('source').notNull(),
    formId: text('form_id'),
    service: text('service'),
    message: text('message'),
    sessionId: text('session_id'),
    userAgent: text('user_agent'),
    // LGPD: which notice the visitor saw with the form, when, and from which address (proof of consent).
    consentVersion: text('consent_version').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    consentIp: text('consent_ip'),
    // Whether the visitor had accepted marketing cookies (consentimento=aceito): only then do the conversion APIs hear of the lead.
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    // The nonce of the signed form timer the lead was sent with: one lead per rendered form, so a
    // resent post (double click, a retry after a lost answer, a replay) never stores a second one.
    submissionKey: text('submission_key'),
    // The sales team's progress (app/admin/lead-status.ts, ADR 048): the status, why it was lost, when it last changed,
    // and when each stage of new → contacted → qualified → won was reached (English values since migration 0015, ADR 036).
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    lostReason: text('lost_reason').$type<LostReason>(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
    wonAt: timestamp('won_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('leads_status_check', sql`${table.status} in ('new', 'contacted', 'qualified', 'won', 'lost')`),
    check('leads_lost_reason_check', sql`(${table.status} = 'lost') = (${table.lostReason} is not null)`),
    check(
      'leads_lost_reason_value_check',
      sql`${table.lostReason} in ('no_response', 'no_budget', 'poor_fit', 'other_agency', 'postponed', 'invalid_contact')`,
    ),
    uniqueIndex('leads_submission_key_idx').on(table.submissionKey),
    index('leads_created_at_idx').on(table.createdAt),
    index('leads_email_idx').on(table.email),
    index('leads_source_idx').on(table.source),
    // The dashboard's exact median time to first contact (ADR 040): the period's contacted leads counted per Brasília
    // hour of arrival and delay bucket (lead_delay_bucket(), migration 0024) from the first index alone, then only
    // the middle bucket's leads read from the second, in delay order.
    index('leads_contact_delay_by_day_idx')
      .on(
        table.createdAt,
        sql`(extract(hour from ${table.createdAt} at time zone 'America/Sao_Paulo')::int)`,
        sql`lead_delay_bucket(${table.contactedAt} - ${table.createdAt})`,
        table.contactedAt,
      )
      .where(sql`${table.contactedAt} is not null`),
    index('leads_contact_delay_idx')
      .on(
        sql`(extract(hour from ${table.createdAt} at time zone 'America/Sao_Paulo')::int)`,
        sql`lead_delay_bucket(${table.contactedAt} - ${table.createdAt})`,
        table.createdAt,
        table.contactedAt,
      )
      .where(sql`${table.contactedAt} is not null`),
  ],
)

/** Where the lead came from: first touch of the browsing session plus the page of the form. */
export const leadTracking = pgTable(
  'lead_tracking',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    pageUrl: text('page_url'),
    pageTitle: text('page_title'),
    // The landing page of the session (first touch); page_url is where the form was sent from.
    pageLocation: text('page_location'),
    referrer: text('referrer'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmTerm: text('utm_term'),
    gclid: text('gclid'),
    fbclid: text('fbclid'),
    fbc: text('fbc'),
    fbp: text('fbp'),
    eventId: text('event_id'),
    engagementTimeMsec: integer('engagement_time_msec'),
    conversionValue: numeric('conversion_value', { precision: 12, scale: 2, mode: 'number' }),
    conversionCurrency: text('conversion_currency').notNull().default(CURRENCY),
    createdAt: createdAt(),
  },
  (table) => [index('lead_tracking_lead_id_idx').on(table.leadId)],
)

/** One category of a presence test's result, as stored in test_results.category_scores. */
export type CategoryScore = { id: string; name: string; score: number; maxScore: number; percentage: number }

/** Digital presence test result sent with a lead. */
export const testResults = pgTable(
  'test_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    overallScore: integer('overall_score').notNull(),
    categoryScores: jsonb('category_scores')
      .$type<CategoryScore[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    recommendations: jsonb('recommendations')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    personaTitle: text('persona_title'),
    personaSubtitle: text('persona_subtitle'),
    personaActionMessage: text('persona_action_message'),
    createdAt: createdAt(),
  },
  (table) => [index('test_results_lead_id_idx').on(table.leadId)],
)

/** Metrics calculator result sent with a lead. */
export const calculatorResults = pgTable(
  'calculator_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    metricType: text('metric_type').notNull(),
    calculatedValue: doublePrecision('calculated_value').notNull(),
    inputValues: jsonb('input_values')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text('status'),
    interpretationMessage: text('interpretation_message'),
    tips: jsonb('tips')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index('calculator_results_lead_id_idx').on(table.leadId)],
)

/** The AI agent briefing wizard's answers. */
export const agentBriefings = pgTable(
  'agent_briefings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    businessName: text('business_name'),
    businessType: text('business_type'),
    agentPurpose: text('agent_purpose'),
    platforms: jsonb('platforms')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    tone: text('tone'),
    mainGoals: text('main_goals'),
    targetAudience: text('target_audience'),
    operatingHours: text('operating_hours'),
    specificFeatures: text('specific_features'),
    integration: text('integration'),
    additionalInfo: text('additional_info'),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    countryCode: text('country_code').notNull().default('+55'),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('agent_briefings_lead_id_idx').on(table.leadId)],
)

/**
 * A finished digital-presence test before (and after) its lead: the answers
 * and the result under an unguessable id, so the results page works without
 * JavaScript (/ferramentas/resultados-teste?r=<id>) and survives a reload.
 * The lead, once sent, is linked; the result is then shown in full.
 */
export const presenceTestRuns = pgTable(
  'presence_test_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    answers: jsonb('answers').$type<Array<{ categoryId: string; questionId: string; value: number }>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('presence_test_runs_lead_id_idx').on(table.leadId)],
)

export const deliveryStatuses = ['pending', 'delivered', 'failed', 'skipped'] as const
export type DeliveryStatus = (typeof deliveryStatuses)[number]

/**
 * The outbox (ADR 054): one row per message a delivery target must get (the
 * lead webhook, the conversion APIs, the CRMs, the sales e-mail, a CDN
 * purge), written in the transaction of what it reports. `message_id` is the
 * row's own id on the wire, the same on every attempt (the Standard Webhooks
 * id, the e-mail's Message-ID: a receiver's idempotency key). `event` names
 * a lead's later event sent to a target (a closed-loop stage); null for the
 * lead's first. One row per lead, target and event (a unique index). A
 * pending row is due when `next_attempt_at` has passed; a worker that claims
 * it pushes that time forward (a lease), so a crash mid-delivery only delays
 * the next try.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null for a row that belongs to no lead: a CDN purge after a publish (app/content/publish.server.ts).
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull().unique(),
    // Its delivery target's name (app/server/delivery-targets.server.ts).
    target: text('target').notNull().default('lead_webhook'),
    // A lead's later event for this target ('qualified', 'won': a closed-loop stage); null for the lead's first.
    event: text('event'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    // The vendor's id for what a delivered attempt made, when it answers one (RD Station's `event_uuid`: it has no
    // idempotency key, so the row is the one record of "sent", with the vendor's reference). Null otherwise.
    vendorRef: text('vendor_ref'),
    // The lead's created_at, copied by a database trigger on insert (and kept when the lead's changes, migration 0010):
    // the dashboard counts the period's leads' rows and their time to delivery without joining the leads.
    leadCreatedAt: timestamp('lead_created_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('outbox_status_check', sql`${table.status} in ('pending', 'delivered', 'failed', 'skipped')`),
    index('outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('outbox_lead_id_idx').on(table.leadId),
    index('outbox_target_lead_created_at_idx').on(table.target, table.leadCreatedAt),
    uniqueIndex('outbox_lead_target_event_unique')
      .on(table.leadId, table.target, table.event)
      .where(sql`${table.event} is not null`),
    // The dashboard's delivery health (ADR 040), from indexes alone: the lead webhook's rows of the period that are not
    // delivered, per state; the delivered ones per delay bucket (lead_delay_bucket(), migration 0023); then only the
    // middle bucket's delivered rows, in delay order.
    index('outbox_lead_undelivered_idx')
      .on(table.leadCreatedAt, table.status)
      .where(sql`${table.target} = 'lead_webhook' and ${table.status} <> 'delivered'`),
    index('outbox_lead_delays_by_day_idx')
      .on(table.leadCreatedAt, sql`lead_delay_bucket(${table.deliveredAt} - ${table.leadCreatedAt})`, table.deliveredAt)
      .where(sql`${table.target} = 'lead_webhook' and ${table.status} = 'delivered'`),
    index('outbox_lead_delays_idx')
      .on(sql`lead_delay_bucket(${table.deliveredAt} - ${table.leadCreatedAt})`, table.leadCreatedAt, table.deliveredAt)
      .where(sql`${table.target} = 'lead_webhook' and ${table.status} = 'delivered'`),
  ],
)

export const bookingStatuses = ['booked', 'cancelled', 'no_show'] as const
export type BookingStatus = (typeof bookingStatuses)[number]

/**
 * The free strategy sessions booked (issue 44, ADR 055): a lead's meeting
 * with a specialist (the `key` of the Studio's scheduling settings). While
 * `booked`, a row holds the specialist's time from `starts_at` to
 * `held_until` (the meeting's end plus the buffer the settings asked when it
 * was booked): an exclusion constraint over that range (btree_gist,
 * migration 0024, not expressible here) lets PostgreSQL and PGlite keep it
 * to one booking, whatever races. A cancelled or missed meeting holds
 * nothing. No token column: the cancel and reschedule links are signed
 * values naming the booking, which die with its status or its time.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    specialist: text('specialist').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('booked'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('bookings_status_check', sql`${table.status} in ('booked', 'cancelled', 'no_show')`),
    check('bookings_times_check', sql`${table.startsAt} < ${table.endsAt} and ${table.endsAt} <= ${table.heldUntil}`),
    index('bookings_lead_id_idx').on(table.leadId),
    index('bookings_starts_at_idx').on(table.startsAt),
  ],
)

/** Each attempt of an outbox row (the admin's lead detail shows them): when, the answer's status, the error. */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome').notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (table) => [index('delivery_attempts_delivery_id_idx').on(table.deliveryId)],
)

/**
 * A target the whole fleet leaves alone until `until`: its vendor answered
 * 429 (issue 43). Upserted with the later of the two times; while it holds,
 * no instance claims the target's rows (they stay pending, no attempt spent).
 */
export const deliveryPauses = pgTable('delivery_pauses', {
  target: text('target').primaryKey(),
  until: timestamp('until', { withTimezone: true, mode: 'date' }).notNull(),
})

/**
 * Pipedrive's lock per person (ADR 047): while one outbox row searches for
 * the person with an e-mail and makes them, another row of that e-mail
 * waits. Keyed by the SHA-256 of the e-mail (app/leads/email-key.server.ts),
 * never the e-mail. The row that took it deletes it once it has kept the
 * person's id; otherwise (a crash, a lost answer: Pipedrive may have made
 * the person) it holds until `expires_at`, and the next search finds them.
 */
export const pipedrivePersonLocks = pgTable('pipedrive_person_locks', {
  emailSha256: text('email_sha256').primaryKey(),
  // The outbox row holding it (no foreign key: a lock outlives nothing, it expires).
  deliveryId: uuid('delivery_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
})

/**
 * One row per counted post, for the rate limit shared by every instance on
 * this database (app/leads/rate-limit.server.ts). Each row carries the end of
 * its own limiter's window (`expires_at`): the sweep deletes only rows past
 * it, so a one-minute limiter never deletes a one-day limiter's rows.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    hitAt: timestamp('hit_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limit_hits_key_hit_at_idx').on(table.key, table.hitAt), index('rate_limit_hits_expires_at_idx').on(table.expiresAt)],
)

/**
 * The agency's admins (app/admin/): an e-mail and a scrypt password hash
 * (`npm run admin:create`). Nothing else about them is kept.
 */
export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Stored lower-cased: one account per address, however it is typed.
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
})

/**
 * Signed-in admins: the SHA-256 of each session's random token (the cookie
 * holds the token itself, so a copy of this table opens nothing), and when
 * the session ends whatever happens.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('admin_sessions_admin_id_idx').on(table.adminId), index('admin_sessions_expires_at_idx').on(table.expiresAt)],
)

/**
 * The one-time link that creates the first admin while the site runs
 * (/admin/configurar): the server issues one at start while no admin exists
 * and prints it. The SHA-256 of its random token, when it stops working, and
 * when it was used (it works once).
 */
export const adminSetupTokens = pgTable('admin_setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
})

/**
 * What admins did that must be accounted for (LGPD deletions, resends): who,
 * when, what, and never the data concerned. Kept when the admin is removed.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index('admin_audit_log_created_at_idx').on(table.createdAt)],
)

export const spamReasons = ['honeypot', 'timer_invalid', 'too_fast', 'expired', 'missing'] as const
export type SpamReason = (typeof spamReasons)[number]

/**
 * Posts the bot traps caught (a filled honeypot, a forged, too fast, expired
 * or missing timer) whose fields were a valid lead: kept 30 days so a person
 * the traps mistook for a bot is not lost. Never delivered; an admin's
 * "Não é spam" stores `submission` as a lead (the same input the lead
 * service takes) and deletes the row. The worker deletes rows past 30 days.
 */
export const suspectedSpam = pgTable(
  'suspected_spam',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    form: text('form').notNull(),
    reason: text('reason').$type<SpamReason>().notNull(),
    // Shown in the folder; the rest of what was sent is in `submission`.
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    submission: jsonb('submission').$type<Record<string, unknown>>().notNull(),
    // Set while an admin's release is under way, so two releases never store two leads.
    releasingAt: timestamp('releasing_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('suspected_spam_reason_check', sql`${table.reason} in ('honeypot', 'timer_invalid', 'too_fast', 'expired', 'missing')`),
    index('suspected_spam_received_at_idx').on(table.receivedAt),
  ],
)

/**
 * Counts with no personal data, per Brasília day: the tools' funnel (a
 * start, a finish) and the posts refused by the rate limit. One row per day
 * and name, incremented in place (`npm run bench:admin` reads them with the
 * leads).
 */
export const dailyCounters = pgTable(
  'daily_counters',
  {
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.name] })],
)

/**
 * The tools' runs whose finish was counted (ADR 040): a finish counts only
 * if its run's row is new (`insert … on conflict do nothing`), so once per
 * run on every instance. The run is the random id of a start token, nothing
 * of the visitor; rows older than a token's life are swept.
 */
export const funnelFinishes = pgTable(
  'funnel_finishes',
  {
    tool: text('tool').notNull(),
    run: text('run').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tool, table.run] }), index('funnel_finishes_finished_at_idx').on(table.finishedAt)],
)

/**
 * The admin dashboard's roll-up (ADR 040): leads per Brasília day along five
 * dimensions, each counted on its own: `source` (one per lead), the Brasília
 * `hour` the lead arrived ('0'–'23', one per lead), and the lower-cased
 * `utm_source` and `utm_campaign` and the landing page's path
 * (app/admin/leads.server.ts, landingPagePathOf), one per lead and tracking
 * row as the dashboard's left join counts them, '' for none. Beside the
 * leads, how many of them sales has reached (ADR 048: contacted, qualified,
 * won) and first contacted within 5 minutes and within 1 hour of arriving.
 * Written only by the database's triggers on leads and lead_tracking
 * (migrations 0010 and 0019), so no path that stores, changes or deletes a
 * lead can leave it behind; rows that reach 0 leads are deleted.
 */
export const leadDailyRollup = pgTable(
  'lead_daily_rollup',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').$type<RollupDimension>().notNull(),
    value: text('value').notNull().default(''),
    leads: integer('leads').notNull(),
    contacted: integer('contacted').notNull().default(0),
    qualified: integer('qualified').notNull().default(0),
    won: integer('won').notNull().default(0),
    contactedWithin5Minutes: integer('contacted_within_5_minutes').notNull().default(0),
    contactedWithin1Hour: integer('contacted_within_1_hour').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.dimension, table.value] }),
    check('lead_daily_rollup_dimension_check', sql`${table.dimension} in ('source', 'hour', 'utm_source', 'utm_campaign', 'landing_page')`),
  ],
)

/**
 * One row per content publish that Sanity's webhook reported (app/content/publish.server.ts):
 * its id is the content version every instance compares with its own before it reads its
 * caches, dropping them when the stored one is newer (ADR 042).
 * Sanity's `idempotency-key` makes a redelivered webhook one publish.
 */
export const contentPublishes = pgTable('content_publishes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idempotencyKey: text('idempotency_key').unique(),
  // The webhook's signature (its v1 HMAC: one body at one instant): a captured call replayed under a new
  // idempotency key is the same publish (ADR 042). Null for rows written before it was kept.
  signature: text('signature').unique(),
  documentId: text('document_id'),
  documentType: text('document_type'),
  // The cache tags the publish purges from the CDN (app/content/cache-tags.ts).
  tags: jsonb('tags').$type<string[]>().notNull(),
  createdAt: createdAt(),
})

export const rollupDimensions = ['source', 'hour', 'utm_source', 'utm_campaign', 'landing_page'] as const
export type RollupDimension = (typeof rollupDimensions)[number]

export type Lead = typeof leads.$inferSelect
export type LeadTracking = typeof leadTracking.$inferSelect
export type OutboxRow = typeof outbox.$inferSelect
export type Admin = typeof admins.$inferSelect
export type SuspectedSpam = typeof suspectedSpam.$inferSelect
export type ContentPublish = typeof contentPublishes.$inferSelect
