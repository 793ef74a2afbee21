/**
 * The lead webhook's settings (WEBHOOK_URL, WEBHOOK_SECRET) and its start-up
 * check. Its attempts are app/delivery/http.server.ts's `postSignedWebhook`.
 */
import type { Env, EnvProblem } from '~/utils/env.server'

export type WebhookSettings = {
  /** Null: no webhook configured; deliveries are recorded as skipped. */
  url: string | null
  secret: string | null
  /** The attempt made right after a submission, while the visitor waits (0 = leave it to the worker). */
  inlineTimeoutMs: number
}

export function webhookSettingsFromEnv(env: Env): WebhookSettings {
  return {
    url: env.WEBHOOK_URL ?? null,
    secret: env.WEBHOOK_SECRET ?? null,
    inlineTimeoutMs: env.WEBHOOK_INLINE_TIMEOUT_MS,
  }
}

/** The startup check's problem (a variable and what is wrong), or null when the webhook settings are usable. */
export function webhookConfigurationProblem(env: Pick<Env, 'WEBHOOK_URL' | 'WEBHOOK_SECRET'>): EnvProblem | null {
  if (env.WEBHOOK_URL && !env.WEBHOOK_SECRET) {
    return { variable: 'WEBHOOK_SECRET', problem: 'required when WEBHOOK_URL is set (whsec_ followed by base64 of 24 to 64 random bytes)' }
  }
  return null
}
