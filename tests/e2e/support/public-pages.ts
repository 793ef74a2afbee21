import type { APIRequestContext } from '@playwright/test'

/**
 * The site's public pages for checks that must cover every route (the CSP,
 * the cache policy): one real URL for each route module that renders a page,
 * plus the tool states that are screens of their own, and every URL the
 * sitemap lists (every service, case and article).
 */
export const routePages: readonly string[] = [
  '/',
  '/sobre',
  '/servicos',
  '/servicos/ia',
  '/casos',
  '/casos/quick2sell',
  '/blog',
  '/blog?q=automacao',
  '/blog/7-automacoes',
  '/contato',
  '/contato?enviado=1',
  '/termos-uso',
  '/politica-privacidade',
  '/ferramentas/calculadora',
  '/ferramentas/calculadora?metrica=cac',
  '/ferramentas/calculadora?metrica=cac&totalCosts=1000&newCustomers=4&etapa=contato',
  '/ferramentas/teste-presenca-digital',
  '/ferramentas/resultados-teste',
  '/criar-agente',
  '/pagina-que-nao-existe',
]

/** The paths /sitemap.xml lists. */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text()
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
}

/** A signed step of the presence test (its URL carries the visitor's answers so far), as a no-JS post reaches it. */
export async function presenceTestStep(request: APIRequestContext): Promise<string> {
  const response = await request.post('/ferramentas/teste-presenca-digital', { form: { estado: '', resposta: '2' }, maxRedirects: 0 })
  const location = response.headers().location
  if (!location) throw new Error(`the presence test answered ${response.status()} without a Location`)
  return location
}
