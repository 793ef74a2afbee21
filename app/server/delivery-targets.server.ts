/**
 * The one list of delivery targets (ADR 054): every outside place a row of
 * the outbox goes to, each a DeliveryTarget (app/delivery/target.ts) with its
 * name, pt-BR label, payload schema, whether it is configured and how it
 * sends, the variables that configure it and their start-up check. The
 * worker and the start-up checks (start.server.ts), /admin/entregas, the
 * lead's page and its 'Reenviar', and the README's table of targets
 * (`npm run docs:env`) read this list; a new target is one file in its
 * domain and one line here.
 */
import { bookingCalendarHandlers, calendarSettingsFromEnv } from '~/booking/calendar.server'
import { bookingEmailHandlers, bookingMailSettingsFromEnv } from '~/booking/invitation.server'
import { cachePurgeHandlers } from '~/content/cache-purge-queue.server'
import { cachePurgeSettingsFromEnv } from '~/content/cache-purge.server'
import type { AnyDeliveryTarget } from '~/delivery/target'
import { conversionSettingsFromEnv } from '~/leads/conversions.server'
import { leadTargetsFromEnv } from '~/leads/lead-targets.server'
import { outboxTargets } from '~/leads/outbox.server'
import { webhookSettingsFromEnv } from '~/leads/webhook.server'
import { oncePerEnv, type Env } from '~/utils/env.server'

/**
 * Every target this process knows, configured or not (those without settings marked not `configured`, their rows
 * kept pending): made once per parsed environment, so the admin's pages do not build the list on every request.
 */
export const deliveryTargetsFromEnv = oncePerEnv((env: Env): readonly AnyDeliveryTarget[] =>
  outboxTargets({
    webhook: webhookSettingsFromEnv(env),
    conversions: conversionSettingsFromEnv(env),
    handlers: {
      ...cachePurgeHandlers(cachePurgeSettingsFromEnv(env)),
      ...leadTargetsFromEnv(env),
      ...bookingEmailHandlers(bookingMailSettingsFromEnv(env)),
      ...bookingCalendarHandlers(calendarSettingsFromEnv(env)),
    },
  }),
)
