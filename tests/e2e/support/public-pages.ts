import type { APIRequestContext } from '@playwright/test'
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
}

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

/** Posts presence-test answers as the form without JavaScript does; returns where the last one redirects. */
async function answerPresenceTest(request: APIRequestContext, answers: readonly number[]): Promise<string> {
  let location = ''
  for (const answer of answers) {
    const estado = new URL(location || '/', 'http://site').searchParams.get('estado') ?? ''
    const response = await request.post('/ferramentas/teste-presenca-digital', { form: { estado, resposta: String(answer) }, maxRedirects: 0 })
    location = response.headers().location ?? ''
    if (!location) throw new Error(`the presence test answered ${response.status()} without a Location`)
  }
  return location
}

/** A signed step of the presence test (its URL carries the visitor's answers so far), as a no-JS post reaches it. */
export const presenceTestStep = (request: APIRequestContext) => answerPresenceTest(request, [2])

/** The results page of a presence test answered with these 25 values (a stored run: `/ferramentas/resultados-teste?r=…`). */
export async function presenceTestResults(request: APIRequestContext, answers: readonly number[]): Promise<string> {
  const location = await answerPresenceTest(request, answers)
  if (!location.startsWith('/ferramentas/resultados-teste?r=')) throw new Error(`the last answer led to ${location}, not to the results`)
  return location
}
