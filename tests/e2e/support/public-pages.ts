import type { APIRequestContext } from '@playwright/test'
import { answerPresenceTest, presenceTestResults as storedResults, type FormPoster } from '../../../scripts/lib/presence-test-run'
import { indexableSeedArticles } from '../../support/seed-content'

/**
 * The site's public pages, for checks that must cover every route (axe, the
 * CSP, the cache policy): a real address for each route module that renders
 * a page (axe.spec.ts checks that none is missing), the tool states and
 * views that are screens of their own, and every URL the sitemap lists.
 */
const published = indexableSeedArticles()[0]!.slug.current

/** A real address of each route module that renders a page (the Studio is a separate app, ADR 010). */
export const representativePages: Readonly<Record<string, string>> = {
  '_index.tsx': '/',
  '$.tsx': '/pagina-que-nao-existe',
  'sobre.tsx': '/sobre',
  'servicos._index.tsx': '/servicos',
  'servicos.$slug.tsx': '/servicos/ia',
  'casos.tsx': '/casos',
  'casos.$slug.tsx': '/casos/arquitetura-escritorio',
  'contato.tsx': '/contato',
  'blog._index.tsx': '/blog',
  'blog.$slug.tsx': `/blog/${published}`,
  'ferramentas.calculadora.tsx': '/ferramentas/calculadora',
  'ferramentas.teste-presenca-digital.tsx': '/ferramentas/teste-presenca-digital',
  'ferramentas.resultados-teste.tsx': '/ferramentas/resultados-teste',
  'criar-agente.tsx': '/criar-agente',
  'politica-privacidade.tsx': '/politica-privacidade',
  'termos-uso.tsx': '/termos-uso',
  'preferencias-de-cookies.tsx': '/preferencias-de-cookies',
  'demo.origin-tracking.tsx': '/demo/origin-tracking',
  'agendar.tsx': '/agendar',
  'agendar_.sessao.tsx': '/agendar/sessao',
}

/** Pages that show the visitor's own data (their cookie choice, their visit's origin): private on purpose, never shared by a cache. */
export const privatePages: readonly string[] = ['/preferencias-de-cookies', '/demo/origin-tracking', '/agendar', '/agendar/sessao']

/** Every route's address, and the views of a route that are pages of their own (a search, a step, a confirmation). */
export const routePages: readonly string[] = [
  ...Object.values(representativePages),
  '/blog?q=automacao',
  '/contato?enviado=1',
  '/ferramentas/calculadora?metrica=cac',
  '/ferramentas/calculadora?metrica=cac&totalCosts=1000&newCustomers=4&etapa=contato',
]

/** The paths /sitemap.xml lists. */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text()
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
}

/** Playwright's request context as a poster of the presence test's no-JS form. */
const poster =
  (request: APIRequestContext): FormPoster =>
  async (path, form) => {
    const response = await request.post(path, { form, maxRedirects: 0 })
    return { status: response.status(), location: response.headers().location ?? null }
  }

/** A signed step of the presence test (its URL carries the visitor's answers so far), as a no-JS post reaches it. */
export const presenceTestStep = (request: APIRequestContext) => answerPresenceTest(poster(request), [2])

/** The results page of a presence test answered with these 25 values (a stored run: `/ferramentas/resultados-teste?r=…`). */
export const presenceTestResults = (request: APIRequestContext, answers: readonly number[]) => storedResults(poster(request), answers)
