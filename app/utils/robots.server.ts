/**
 * The rules of /robots.txt, kept as data:
 * one list of groups, turned into text by `buildRobotsTxt`. To change what a
 * crawler may do, edit the lists below; the route only serves the result.
 *
 * A crawler obeys only the most specific group that names it and ignores `*`
 * then, so every named group repeats the private-path Disallow lines.
 */

/** Paths no crawler should visit: back office, internals and deploy leftovers. */
export const PRIVATE_PATHS = ['/admin/', '/temp/', '/dev/', '/api/', '/private/', '/_redirects', '/netlify/'] as const

export type RobotsGroup = {
  /** Shown as a `#` line above the group, for whoever reads the file. */
  comment?: string
  userAgents: string[]
  allow: string[]
  disallow: string[]
  /** Seconds between requests; Bing, Yandex and most SEO tools honour it (Google ignores it). */
  crawlDelay?: number
}

/** Search engines that send visitors: a light delay so they crawl freely. */
const SEARCH_ENGINES: Array<[userAgent: string, crawlDelay: number]> = [
  ['Googlebot', 1],
  ['Bingbot', 1],
  ['DuckDuckBot', 1],
  ['Slurp', 2],
  ['YandexBot', 2],
  ['Baiduspider', 2],
]

/** SEO tools crawl a lot and send nobody: welcome, but slowly. */
const SEO_TOOLS: Array<[userAgent: string, crawlDelay: number]> = [
  ['AhrefsBot', 10],
  ['SemrushBot', 10],
  ['MJ12bot', 10],
  ['DotBot', 5],
  ['rogerbot', 5],
]

/** AI assistants and answer engines: we want the agency cited in their answers. */
const AI_BOTS = ['GPTBot', 'ChatGPT-User', 'OAI-SearchBot', 'ClaudeBot', 'PerplexityBot', 'Google-Extended', 'Applebot']

/** Fetch a page when someone shares a link, to build the preview card. */
const SOCIAL_PREVIEW_BOTS = ['facebookexternalhit', 'Twitterbot', 'LinkedInBot', 'WhatsApp', 'Slackbot', 'TelegramBot']

/** Commercial scrapers that resell our content or data and bring no visitors. */
const BLOCKED_SCRAPERS = ['BLEXBot', 'DataForSeoBot', 'PetalBot', 'Bytespider']

const openGroup = (userAgent: string, extra: Partial<RobotsGroup> = {}): RobotsGroup => ({
  userAgents: [userAgent],
  allow: ['/'],
  disallow: [...PRIVATE_PATHS],
  ...extra,
})

/** Every group of the file, in the order written: the default first, blocked scrapers last. */
export const robotsGroups: RobotsGroup[] = [
  openGroup('*', { comment: 'Todos os robôs: o site é público, exceto as áreas internas.' }),
  ...SEARCH_ENGINES.map(([agent, crawlDelay], index) =>
    openGroup(agent, { crawlDelay, comment: index === 0 ? 'Buscadores: intervalo curto entre requisições.' : undefined }),
  ),
  ...SEO_TOOLS.map(([agent, crawlDelay], index) =>
    openGroup(agent, { crawlDelay, comment: index === 0 ? 'Ferramentas de SEO: bem-vindas, mas sem pressa.' : undefined }),
  ),
  ...AI_BOTS.map((agent, index) => openGroup(agent, { comment: index === 0 ? 'Assistentes de IA e buscadores de respostas: liberados.' : undefined })),
  ...SOCIAL_PREVIEW_BOTS.map((agent, index) =>
    openGroup(agent, { comment: index === 0 ? 'Prévias de links em redes sociais e mensageiros: liberadas.' : undefined }),
  ),
  ...BLOCKED_SCRAPERS.map((agent, index) => ({
    userAgents: [agent],
    allow: [],
    disallow: ['/'],
    comment: index === 0 ? 'Raspadores comerciais: bloqueados.' : undefined,
  })),
]

export type RobotsOptions = {
  /** Absolute site URL without a trailing slash (env SITE_URL). */
  siteUrl: string
  groups?: RobotsGroup[]
}

/** The text of /robots.txt: the groups, then the sitemap and the host. */
export function buildRobotsTxt({ siteUrl, groups = robotsGroups }: RobotsOptions): string {
  const base = siteUrl.replace(/\/+$/, '')
  const blocks = groups.map((group) => {
    const lines: string[] = []
    if (group.comment) lines.push(`# ${group.comment}`)
    for (const agent of group.userAgents) lines.push(`User-agent: ${agent}`)
    for (const path of group.allow) lines.push(`Allow: ${path}`)
    for (const path of group.disallow) lines.push(`Disallow: ${path}`)
    if (group.crawlDelay !== undefined) lines.push(`Crawl-delay: ${group.crawlDelay}`)
    return lines.join('\n')
  })
  blocks.push([`Sitemap: ${base}/sitemap.xml`, `Host: ${new URL(base).host}`].join('\n'))
  return `${blocks.join('\n\n')}\n`
}
