import { createClient } from '@sanity/client'
import { validatePreviewUrl, type SanityClientLike } from '@sanity/preview-url-secret'
import { urlSearchParamPreviewPathname } from '@sanity/preview-url-secret/constants'
import { z } from 'zod'
import { PREVIEW_COOKIE } from '~/utils/cookie-names'
import { clearSiteCookie, PREVIEW_MAX_AGE_SECONDS, readSiteCookie, serializeSiteCookie } from '~/utils/cookies.server'
import { getEnv, type Env } from '~/utils/env.server'
import { cacheControl } from '~/utils/http.server'
import { logJson } from '~/utils/log.server'
import { rateLimiter, type RateLimiter, type RateLimitDecision } from '~/utils/rate-limit.server'
import { safeRedirect } from '~/utils/redirect.server'
import { choosePerspective, DEFAULT_PERSPECTIVE, formatPerspective, parsePerspective, PERSPECTIVE_PARAM, type PerspectiveStack } from './perspective'
import { sanityClientConfig } from './source.server'

/**
 * Draft preview (ADR 037): an editor sees drafts (and a release's versions)
 * before publishing, on the site itself, in the Studio's Presentation tool or
 * in a tab of their own; no visitor ever does.
 *
 * - GET /api/preview-mode/enable: the Presentation tool's address. Its
 *   one-time secret is checked against the project (`validatePreviewUrl`,
 *   with the server's read token); a valid one sets the preview cookie and
 *   redirects to the page asked for.
 * - GET /api/preview-mode/seed: the same without a project, over the seed's
 *   drafts (studio/seed/drafts/), where allowed (`SEED_PREVIEW`, on in development).
 * - POST /api/preview-mode/disable: clears the cookie (the bar's "Sair da pré-visualização").
 *
 * The cookie (`pre_visualizacao`) is signed, httpOnly, SameSite=Lax (the
 * embedded Studio frames the site from the same origin), Secure under HTTPS,
 * and lasts an hour; its value repeats that end, so a copy kept past it is
 * refused here too. Every answer to a request that carries it is private and
 * never stored (app/server/app.ts); loaders read content with `context.preview`.
 */
export type Preview = { perspective: PerspectiveStack }

export const previewMessages = {
  invalid: 'Link de pré-visualização inválido ou expirado. Abra a pré-visualização de novo pelo Studio.',
  notConfigured: 'A pré-visualização não está configurada neste servidor: defina SANITY_PROJECT_ID e SANITY_READ_TOKEN (docs/content-source.md).',
  seedOff: 'A pré-visualização do seed só existe sem projeto Sanity, em desenvolvimento (ou com SEED_PREVIEW=true).',
  unavailable: 'Não foi possível confirmar o link de pré-visualização com o Sanity agora. Tente abrir a pré-visualização de novo em instantes.',
  rateLimited: 'Muitas tentativas de abrir a pré-visualização. Aguarde um minuto e tente de novo.',
} as const

/** Preview links one address may try a minute: each try asks Sanity, with the server's read token. */
export const PREVIEW_ATTEMPTS_PER_MINUTE = 10
/** When to try again after Sanity did not answer. */
export const PREVIEW_UNAVAILABLE_RETRY_AFTER_SECONDS = 30

/** The shared limit on preview links, per client address (ADR 027). */
export const previewAttemptLimiter = rateLimiter({ name: 'preview-link', limit: () => PREVIEW_ATTEMPTS_PER_MINUTE })

const cookieValue = z.object({ perspective: z.string().max(700), until: z.number().int() })

/** The request's preview, or null: no cookie, a tampered or expired one. The URL's perspective wins over the cookie's. */
export async function readPreview(request: Request, now: number = Date.now()): Promise<Preview | null> {
  const parsed = cookieValue.safeParse(await readSiteCookie(request, 'preview'))
  if (!parsed.success || parsed.data.until <= now) return null
  const fromUrl = new URL(request.url).searchParams.get(PERSPECTIVE_PARAM)
  return { perspective: choosePerspective(fromUrl, parsePerspective(parsed.data.perspective)) }
}

const previewHeaders = (setCookie: string, location: string) => ({
  Location: location,
  'Set-Cookie': setCookie,
  'Cache-Control': cacheControl.privateNoStore,
})

/** The redirect that starts a preview with `perspective`, for an hour from `now`. */
async function startPreview(request: Request, perspective: PerspectiveStack, to: string, now: number): Promise<Response> {
  const setCookie = await serializeSiteCookie(request, 'preview', { perspective: formatPerspective(perspective), until: now + PREVIEW_MAX_AGE_SECONDS * 1000 })
  return new Response(null, { status: 307, headers: previewHeaders(setCookie, safeRedirect(to)) })
}

const refusal = (status: 401 | 404 | 429 | 503, message: string, headers: Record<string, string> = {}) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': cacheControl.privateNoStore, ...headers } })

/** The client the secret is checked with: the project's API (never the CDN), with the server's read token. Null without both. */
export function previewSecretClient(
  env: Pick<Env, 'SANITY_PROJECT_ID' | 'SANITY_DATASET' | 'SANITY_API_VERSION' | 'SANITY_READ_TOKEN' | 'SANITY_API_HOST'> = getEnv(),
): SanityClientLike | null {
  if (!env.SANITY_PROJECT_ID || !env.SANITY_READ_TOKEN) return null
  return createClient(
    sanityClientConfig({
      projectId: env.SANITY_PROJECT_ID,
      dataset: env.SANITY_DATASET,
      apiVersion: env.SANITY_API_VERSION,
      token: env.SANITY_READ_TOKEN,
      useCdn: false,
      apiHost: env.SANITY_API_HOST,
    }),
  )
}

/** Who tries a preview link (the route passes the client address), and the limit it is counted in. */
export type PreviewAttempt = { clientIp: string; limiter?: RateLimiter }

/**
 * GET /api/preview-mode/enable: a link the Presentation tool made (its
 * secret, the page, the perspective) → the preview cookie and a redirect to
 * that page; a wrong, used-up or expired secret → 401. Each try from an
 * address counts (`attempt`): past PREVIEW_ATTEMPTS_PER_MINUTE, 429 with
 * Retry-After and no call to Sanity. Sanity not answering → 503 in
 * Portuguese with Retry-After (a line in the log, no stack).
 */
export async function enablePreview(
  request: Request,
  client: SanityClientLike | null = previewSecretClient(),
  now: number = Date.now(),
  attempt: PreviewAttempt | null = null,
): Promise<Response> {
  if (!client) return refusal(401, previewMessages.notConfigured)
  if (attempt) {
    const decision = await (attempt.limiter ?? previewAttemptLimiter).hit(attempt.clientIp, now).catch((error: unknown): RateLimitDecision => {
      // With the database away, the try goes on: Sanity still checks the secret.
      logJson({ level: 'warn', msg: 'preview rate limit unavailable', error })
      return { allowed: true }
    })
    if (!decision.allowed) return refusal(429, previewMessages.rateLimited, { 'Retry-After': String(decision.retryAfterSeconds) })
  }
  let checked: Awaited<ReturnType<typeof validatePreviewUrl>>
  try {
    checked = await validatePreviewUrl(client, request.url)
  } catch (error) {
    logJson({ level: 'warn', msg: 'preview link not checked: Sanity did not answer', error })
    return refusal(503, previewMessages.unavailable, { 'Retry-After': String(PREVIEW_UNAVAILABLE_RETRY_AFTER_SECONDS) })
  }
  const { isValid, redirectTo, studioPreviewPerspective } = checked
  if (!isValid) return refusal(401, previewMessages.invalid)
  return startPreview(request, parsePerspective(studioPreviewPerspective) ?? DEFAULT_PERSPECTIVE, redirectTo ?? '/', now)
}

/** Whether /api/preview-mode/seed may turn a preview on: no Sanity project, and SEED_PREVIEW (default: development). */
export const seedPreviewAllowed = (env: Pick<Env, 'SANITY_PROJECT_ID' | 'SEED_PREVIEW' | 'NODE_ENV'> = getEnv()) =>
  !env.SANITY_PROJECT_ID && (env.SEED_PREVIEW ?? env.NODE_ENV === 'development')

/**
 * GET /api/preview-mode/seed?sanity-preview-pathname=/sobre: a preview over
 * the seed's drafts, with no secret (there is no project to hold one), where
 * allowed; 404 elsewhere, as if it did not exist.
 */
export async function enableSeedPreview(request: Request, allowed: boolean = seedPreviewAllowed(), now: number = Date.now()): Promise<Response> {
  if (!allowed) return refusal(404, previewMessages.seedOff)
  const url = new URL(request.url)
  const perspective = parsePerspective(url.searchParams.get(PERSPECTIVE_PARAM)) ?? DEFAULT_PERSPECTIVE
  return startPreview(request, perspective, url.searchParams.get(urlSearchParamPreviewPathname) ?? '/', now)
}

/** The exit form's one field: the page to land on. */
export const DISABLE_FIELDS: ReadonlySet<string> = new Set(['redirect'])

/** POST /api/preview-mode/disable: the cookie goes, and the editor lands on the page they were on (`redirect`), published. */
export async function disablePreview(request: Request, to: string | null): Promise<Response> {
  return new Response(null, { status: 303, headers: previewHeaders(await clearSiteCookie(request, 'preview'), safeRedirect(to)) })
}

const PREVIEW_COOKIE_IN_HEADER = new RegExp(`(?:^|;\\s*)${PREVIEW_COOKIE}=`)

/** Whether a request carries a preview cookie at all (valid or not): enough to keep it away from shared copies. */
export function carriesPreviewCookie(cookieHeader: string | undefined | null): boolean {
  return Boolean(cookieHeader && PREVIEW_COOKIE_IN_HEADER.test(cookieHeader))
}
