import { useEffect, useState } from 'react'
import { CONSENT_COPY } from '~/analytics/consent-copy'
import { pushToDataLayer } from '~/analytics/data-layer'
import { leadLog, type LeadLogEntry } from '~/analytics/lead-log'
import type { OriginDemoField, OriginDemoView } from '~/analytics/origin-demo.server'
import { pageLoadTime, storedSessionId, storeSessionId, timeOnPageMsec } from '~/analytics/session.client'
import { Button } from '~/components/ui/button'
import { FactList } from '~/components/ui/fact-list'
import { Container } from '~/components/ui/section'
import { useHydrated } from '~/components/ui/use-hydrated'
import { browserFirstTouch } from '~/leads/first-touch.client'
import type { ConsentChoice } from '~/utils/cookie-names'
import { formatDateTime } from '~/utils/dates'
import { PageHero } from './page-hero'

/** The demo page's words (pt-BR). */
const copy = {
  title: 'Demonstração: rastreamento de origem',
  subtitle:
    'Veja o que os nossos formulários enviariam sobre esta visita: de onde você veio, a campanha, o clique no anúncio e a sessão. Nada do que aparece aqui é salvo.',
  tryIt: 'Experimente abrir esta página como se viesse de um anúncio:',
  tryLink: 'com utm_source, utm_campaign e fbclid',
  firstTouchNote: 'A primeira página da visita fica guardada até você fechar o navegador: abrir outro link de campanha na mesma visita não a substitui.',
  serverTitle: 'O que o servidor vê',
  serverLead: 'Lido a cada visita, com ou sem JavaScript. É o que um contato enviado desta página levaria junto.',
  empty: 'não informado',
  noConsent: 'não lido: sem consentimento para cookies de anúncios',
  noSession: 'ainda não registrada: a primeira visita com campanha ou o primeiro formulário enviado cria a sessão',
  consent: 'Consentimento',
  buttonTitle: 'Botão de demonstração',
  buttonLead: 'Com JavaScript ativo, o clique envia o evento demo_button_click ao dataLayer; ele aparece no painel abaixo.',
  button: 'Testar rastreamento',
  clickedScripted: (count: number) => `Evento demo_button_click enviado ao dataLayer (${count === 1 ? '1 clique' : `${count} cliques`}).`,
  clickedServer: 'O servidor recebeu o clique. Sem JavaScript não há dataLayer: com JavaScript ativo, o mesmo botão envia o evento demo_button_click.',
  panelTitle: 'Painel de depuração',
  panelWithoutScript:
    'Sem JavaScript, esta página mostra só o que o servidor vê (acima). Com JavaScript ativo, aqui aparecem os dados guardados no navegador, o registro de leads e os eventos do dataLayer à medida que são enviados.',
  browserTitle: 'Dados de rastreamento no navegador',
  logTitle: 'Registro de leads (mais recentes)',
  logEmpty: 'Nenhum envio registrado neste navegador.',
  eventsTitle: 'Eventos do dataLayer',
  eventsEmpty: 'Nenhum evento enviado ainda.',
} as const

const FIELD_LABELS: Record<OriginDemoField, string> = {
  pageUrl: 'Página atual',
  landingPage: 'Primeira página da visita',
  referrer: 'Origem (referrer)',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmContent: 'utm_content',
  utmTerm: 'utm_term',
  gclid: 'gclid (clique no Google Ads)',
  fbclid: 'fbclid (clique na Meta)',
  fbc: '_fbc (cookie da Meta)',
  fbp: '_fbp (cookie da Meta)',
  sessionId: 'ID da sessão',
  userAgent: 'Navegador (user agent)',
  timestamp: 'Lido em',
}

const TRY_QUERY = '?utm_source=instagram&utm_medium=social&utm_campaign=demo-rastreamento&fbclid=IwAR-demonstracao'

const formatTime = (value: string | number) => formatDateTime(value, { seconds: true })

function shownValue(field: OriginDemoField, value: string | null, consent: ConsentChoice | null): string {
  if (field === 'timestamp' && value) return formatTime(value)
  if (value) return value
  if (field === 'sessionId') return copy.noSession
  if ((field === 'fbc' || field === 'fbp') && consent !== 'aceito') return copy.noConsent
  return copy.empty
}

/** /demo/origin-tracking: the server's view, the demo button and, with JavaScript, the browser's debug panel. */
export function OriginTrackingDemo({ view }: { view: OriginDemoView }) {
  const consentLabel = view.consent ? CONSENT_COPY.current[view.consent] : CONSENT_COPY.current.none
  return (
    <>
      <PageHero title={copy.title} subtitle={copy.subtitle} />
      <Container className="max-w-4xl space-y-14 py-12 lg:py-16">
        <section aria-labelledby="demo-servidor">
          <p className="text-ink-700">
            {copy.tryIt}{' '}
            <a href={TRY_QUERY} className="font-semibold text-brand-700 underline underline-offset-4">
              {copy.tryLink}
            </a>
            . {copy.firstTouchNote}
          </p>
          <h2 id="demo-servidor" className="mt-10 text-2xl font-bold text-ink-900">
            {copy.serverTitle}
          </h2>
          <p className="mt-2 text-ink-700">{copy.serverLead}</p>
          <FactList
            className="mt-6"
            data-testid="origem-servidor"
            rows={[
              ...Object.entries(FIELD_LABELS).map(
                ([field, label]) => [label, shownValue(field as OriginDemoField, view.origin[field as OriginDemoField], view.consent)] as const,
              ),
              [copy.consent, consentLabel] as const,
            ]}
          />
        </section>
        <DemoButton clicked={view.clicked} />
        <DebugPanel sessionId={view.origin.sessionId} />
      </Container>
    </>
  )
}

/**
 * A GET form: without JavaScript the click reaches the server (`?clique=1`),
 * which says so; with JavaScript it stays in the page and pushes
 * demo_button_click.
 */
function DemoButton({ clicked }: { clicked: boolean }) {
  const [clicks, setClicks] = useState(0)
  const status = clicks > 0 ? copy.clickedScripted(clicks) : clicked ? copy.clickedServer : ''
  return (
    <section aria-labelledby="demo-botao">
      <h2 id="demo-botao" className="text-2xl font-bold text-ink-900">
        {copy.buttonTitle}
      </h2>
      <p className="mt-2 text-ink-700">{copy.buttonLead}</p>
      <form
        method="get"
        className="mt-6"
        onSubmit={(event) => {
          event.preventDefault()
          pushToDataLayer({
            event: 'demo_button_click',
            button_text: copy.button,
            page_location: window.location.href,
            session_id: storedSessionId(),
            timestamp: new Date().toISOString(),
          })
          setClicks((count) => count + 1)
        }}
      >
        <input type="hidden" name="clique" value="1" />
        <Button type="submit">{copy.button}</Button>
      </form>
      <p role="status" className="mt-4 min-h-6 font-semibold text-ink-900">
        {status}
      </p>
    </section>
  )
}

type PanelState = { browser: Array<readonly [string, string]>; log: LeadLogEntry[]; events: string[] }

function readPanel(): PanelState {
  const touch = browserFirstTouch()
  const consent = document.documentElement.dataset.consent as ConsentChoice | undefined
  const layer = (window as { dataLayer?: unknown[] }).dataLayer ?? []
  return {
    browser: [
      ['lead_session_id', storedSessionId() ?? copy.empty],
      ['Primeira página guardada', touch?.landingPage ?? copy.empty],
      ['Origem guardada', touch?.referrer || copy.empty],
      [copy.consent, consent ? CONSENT_COPY.current[consent] : CONSENT_COPY.current.none],
      ['Página carregada em', formatTime(pageLoadTime())],
      ['Tempo na página', `${timeOnPageMsec().toLocaleString('pt-BR')} ms`],
    ],
    log: leadLog().recent(),
    events: layer
      .filter((entry): entry is { event: string } => typeof entry === 'object' && entry !== null && 'event' in entry)
      .map((entry) => JSON.stringify(entry, null, 2))
      .reverse(),
  }
}

/** The browser's side, refreshed every second (the tag manager may replace dataLayer.push, so the panel looks rather than listens). */
function DebugPanel({ sessionId }: { sessionId: string | null }) {
  const hydrated = useHydrated()
  const [panel, setPanel] = useState<PanelState | null>(null)
  useEffect(() => {
    // This page is private (never cached): the visit's session id it shows is the visitor's own.
    if (sessionId) storeSessionId(sessionId)
    setPanel(readPanel())
    const timer = window.setInterval(() => setPanel(readPanel()), 1000)
    return () => window.clearInterval(timer)
  }, [sessionId])
  return (
    <section aria-labelledby="demo-painel">
      <h2 id="demo-painel" className="text-2xl font-bold text-ink-900">
        {copy.panelTitle}
      </h2>
      {!hydrated || !panel ? (
        <p className="mt-2 text-ink-700">{copy.panelWithoutScript}</p>
      ) : (
        <>
          <h3 className="mt-6 text-lg font-bold text-ink-900">{copy.browserTitle}</h3>
          <FactList className="mt-6" data-testid="origem-navegador" rows={panel.browser} />
          <h3 className="mt-8 text-lg font-bold text-ink-900">{copy.logTitle}</h3>
          {panel.log.length === 0 ? (
            <p className="mt-2 text-ink-700">{copy.logEmpty}</p>
          ) : (
            <ol data-testid="registro-leads" className="mt-4 space-y-2">
              {panel.log.map((entry) => (
                <li key={entry.id} className="rounded-xl px-4 py-2 text-sm text-ink-700 ring-1 ring-ink-200">
                  <span className="font-semibold text-ink-900">{entry.action}</span> · {entry.formId} · {formatTime(entry.timestamp)}
                </li>
              ))}
            </ol>
          )}
          <h3 className="mt-8 text-lg font-bold text-ink-900">{copy.eventsTitle}</h3>
          {panel.events.length === 0 ? (
            <p className="mt-2 text-ink-700">{copy.eventsEmpty}</p>
          ) : (
            <ol data-testid="eventos-datalayer" className="mt-4 space-y-2">
              {panel.events.map((event, index) => (
                <li key={panel.events.length - index}>
                  <pre className="whitespace-pre-wrap break-all rounded-xl bg-ink-50 p-4 text-xs text-ink-900">{event}</pre>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  )
}
