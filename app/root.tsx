import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { CONSENT_STYLESHEET_PATH, currentConsent } from '~/analytics/consent'
import { dataLayerBootstrap } from '~/analytics/tag-manager'
import { useLeadReceipts } from '~/components/hooks/use-lead-receipts'
import { useRootSettings } from '~/components/hooks/use-site-settings'
import { ConsentBanner } from '~/components/layout/consent-banner'
import { SiteFooter } from '~/components/layout/site-footer'
import { SiteHeader } from '~/components/layout/site-header'
import { useSiteShell } from '~/components/layout/site-shell'
import { Toaster } from '~/components/ui/toaster'
import { builtInBrand, fallbackSiteSettings } from '~/content/built-in-site-settings'
import { loadSiteSettings } from '~/content/content.server'
import { defaultMeta, notFoundMeta } from '~/content/seo'
import type { SiteSettings } from '~/content/site-settings'
import { firstTouchScript } from '~/leads/first-touch'
import { captureOrigin } from '~/leads/origin-tracking.server'
import appStyles from '~/styles/app.css?url'
import { getPublicEnv, type PublicEnv } from '~/utils/env.server'
import { releaseInputAfterHydration } from '~/utils/hydration-input'
import { useNonce } from '~/utils/nonce-provider'

// Error pages that need the server to have failed: no page carries their code up front (ADR 028).
// The server renders them in full; in the browser they hydrate once their chunk arrives.
// The root's 404 (a data request for an unknown path; the catch-all route renders the page's own).
const NotFound = lazy(() => import('~/components/errors/not-found').then((module) => ({ default: module.NotFound })))
const ContentUnavailable = lazy(() => import('~/components/errors/content-unavailable').then((module) => ({ default: module.ContentUnavailable })))
const ServerErrorMessage = lazy(() => import('~/components/errors/server-error').then((module) => ({ default: module.ServerErrorMessage })))
const MethodNotAllowedMessage = lazy(() => import('~/components/errors/server-error').then((module) => ({ default: module.MethodNotAllowedMessage })))
// An editor's preview only (ADR 037): the preview bar, or Sanity's overlays and live refresh in the Studio; in no visitor's page.
const PreviewTools = lazy(() => import('~/components/preview/preview-tools'))

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: appStyles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The visit's first touch (campaign, referrer, landing page) is kept from the very first page,
  // whichever it is, so a lead sent later carries it, with JavaScript off too.
  const [settings, origin] = await Promise.all([loadSiteSettings(context.preview), captureOrigin(request, { visit: context })])
  // Nothing of the visitor's own (the cookie choice among it) goes into a page a cache may share: the browser applies it (ADR 034).
  // `preview` is true only for an editor in preview, whose pages are private and never stored (ADR 037).
  return data({ ENV: getPublicEnv(), settings, preview: context.preview !== null }, { headers: origin.headers })
}

/**
 * The root's data (the public environment, the site settings) stays the same
 * while the visitor moves between pages, so a link or a GET form does not ask
 * for it again (a tool's step answered in the browser then costs no request);
 * a form post (a lead, a choice) does, as Remix would.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  inPreview || (formMethod !== undefined && formMethod.toUpperCase() !== 'GET') ? defaultShouldRevalidate : false

/** In an editor's preview the site settings may change as they type: the Studio's refresh reloads them too. */
let inPreview = false

// A page whose loader found nothing renders the root's boundary: its head is the not-found page's too.
export const meta: MetaFunction<typeof loader> = (args) =>
  isRouteErrorResponse(args.error) && args.error.status === 404
    ? notFoundMeta(args)
    : defaultMeta({ siteUrl: args.data?.ENV.SITE_URL ?? '', pathname: args.location.pathname, settings: args.data?.settings })

/**
 * The page's frame. `settings` are the root loader's, absent only on the
 * error page of a post Remix refused or whose action threw (it runs no loader
 * then): the header shows the built-in brand, the footer
 * the built-in copy. Without `siteShell` (a route with a shell of its own,
 * the admin area: ADR 038) the page is only the document: no header, footer
 * or cookie banner, and no consent or measurement script (their hashes leave
 * the CSP with them); the route renders its own `<main>`.
 */
function Document({
  children,
  env,
  settings,
  preview = false,
  siteShell = true,
}: {
  children: ReactNode
  env?: PublicEnv
  settings?: SiteSettings
  preview?: boolean
  siteShell?: boolean
}) {
  const nonce = useNonce()
  return (
    <html lang="pt-BR" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5224b6" />
        {/* The data layer and Consent Mode's defaults; the visitor's choice read from their cookie; the tag manager only after an accept (ADR 031, 034). */}
        {siteShell ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: dataLayerBootstrap(env?.GTM_ID) }} /> : null}
        <Meta />
        <Links />
        {/* Without JavaScript, a stylesheet of the visitor's own applies their cookie choice (ADR 034). */}
        {siteShell ? (
          <noscript>
            <link rel="stylesheet" href={CONSENT_STYLESHEET_PATH} />
          </noscript>
        ) : null}
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#conteudo"
          className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Pular para o conteúdo
        </a>
        {preview ? (
          <Suspense fallback={null}>
            <PreviewTools />
          </Suspense>
        ) : null}
        {siteShell ? (
          <>
            <ConsentBanner />
            <SiteHeader brand={settings?.brand ?? builtInBrand} />
            <main id="conteudo" className="flex-1 pt-16">
              <PageContent>{children}</PageContent>
            </main>
            <SiteFooter settings={settings ?? fallbackSiteSettings} />
            <Toaster />
          </>
        ) : (
          <PageContent>{children}</PageContent>
        )}
        {env ? (
          <script
            nonce={nonce}
            // Only the public subset of the environment (see env.server.ts).
            dangerouslySetInnerHTML={{ __html: `window.ENV = ${JSON.stringify(env)}` }}
          />
        ) : null}
        <ScrollRestoration nonce={nonce} />
        {/* The visit's first page for lead forms (first-touch.ts). */}
        {siteShell ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: firstTouchScript() }} /> : null}
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

/**
 * The page itself (its route, or its error) in a Suspense boundary of its own. React 18 hydrates a server-rendered
 * boundary in a later, time-sliced pass (selective hydration): the layout (header, footer) hydrates in one task and
 * the page after it, instead of one task doing both (issue 42, ADR 028). The page's code has loaded before hydration
 * starts, so nothing here suspends and the fallback never shows; a part that loads later has a boundary of its own.
 */
function PageContent({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      {children}
      <PageHydrated />
    </Suspense>
  )
}

/** The page has hydrated, layout and content: React takes the input from here (`<html data-hydrated>`, hydration-input.ts). */
function PageHydrated() {
  useEffect(releaseInputAfterHydration, [])
  return null
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const siteShell = useSiteShell()
  useEffect(() => {
    // A page with a shell of its own (the admin area) loads no consent or measurement code.
    if (!siteShell) return
    // The banner's in-place choice loads only when the visitor has not chosen (until then a click posts the form).
    void currentConsent().then((choice) => {
      if (!choice) void import('~/analytics/consent-banner.client').then((banner) => banner.enhanceConsentBanner())
    })
    // Web vitals once the page has loaded: their code is in no page's up-front JavaScript.
    const reportWebVitals = () => void import('~/analytics/web-vitals.client').then((vitals) => vitals.reportWebVitals())
    if (document.readyState === 'complete') reportWebVitals()
    else window.addEventListener('load', reportWebVitals, { once: true })
  }, [siteShell])
  useLeadReceipts()
  // The publisher-subscription script, on every page and route change, only when its product id is configured.
  const { pathname } = useLocation()
  const productId = siteShell ? data?.ENV.SUBSCRIPTION_PRODUCT_ID : undefined
  useEffect(() => {
    if (productId) void import('~/analytics/subscription.client').then((subscription) => subscription.initSubscription(pathname, productId))
  }, [pathname, productId])
  const preview = data?.preview === true
  useEffect(() => {
    inPreview = preview
  }, [preview])
  return (
    <Document env={data?.ENV} settings={data?.settings} preview={preview} siteShell={siteShell}>
      {children}
    </Document>
  )
}

export default function App() {
  useLoaderData<typeof loader>()
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const settings = useRootSettings()
  const siteShell = useSiteShell()
  const message = (
    <Suspense fallback={null}>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFound />
      ) : isRouteErrorResponse(error) && error.status === 405 ? (
        <MethodNotAllowedMessage />
      ) : isRouteErrorResponse(error) && error.status === 503 && settings ? (
        <ContentUnavailable settings={settings} />
      ) : (
        <ServerErrorMessage status={isRouteErrorResponse(error) ? error.status : 500} />
      )}
    </Suspense>
  )
  // A page with a shell of its own whose shell failed too (its loader threw): the message is still the page's main content.
  return siteShell ? (
    message
  ) : (
    <main id="conteudo" className="flex-1">
      {message}
    </main>
  )
}
