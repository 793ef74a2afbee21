import { describe, expect, it } from 'vitest'
import { buildRobotsTxt, PRIVATE_PATHS, robotsGroups, type RobotsGroup } from '~/utils/robots.server'

const SITE_URL = 'https://www.alavancadigital.com.br'
const text = buildRobotsTxt({ siteUrl: SITE_URL })

/** Parses the text back into groups, the way a crawler reads it (RFC 9309). */
function parseRobots(robots: string) {
  const groups: Array<{ agents: string[]; allow: string[]; disallow: string[]; crawlDelay?: number }> = []
  const other: Record<string, string[]> = {}
  let current: (typeof groups)[number] | undefined
  let lastWasAgent = false
  for (const raw of robots.split('\n')) {
    const line = raw.replace(/#.*/, '').trim()
    if (!line) continue
    const colon = line.indexOf(':')
    const key = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (key === 'user-agent') {
      if (!lastWasAgent || !current) {
        current = { agents: [], allow: [], disallow: [] }
        groups.push(current)
      }
      current.agents.push(value)
      lastWasAgent = true
      continue
    }
    lastWasAgent = false
    if (key === 'allow') current?.allow.push(value)
    else if (key === 'disallow') current?.disallow.push(value)
    else if (key === 'crawl-delay' && current) current.crawlDelay = Number(value)
    else (other[key] ??= []).push(value)
  }
  return { groups, other }
}

const parsed = parseRobots(text)
const groupOf = (agent: string) => parsed.groups.find((group) => group.agents.includes(agent))

describe('buildRobotsTxt', () => {
  it('lets every crawler in, except the private paths of the spec', () => {
    const star = groupOf('*')
    expect(star?.allow).toEqual(['/'])
    expect(star?.disallow).toEqual(['/admin/', '/temp/', '/dev/', '/api/', '/private/', '/_redirects', '/netlify/'])
  })

  it('repeats the private paths in every named group that is not blocked outright', () => {
    for (const group of parsed.groups) {
      if (group.disallow.includes('/')) continue
      expect(group.disallow, `group ${group.agents.join(', ')}`).toEqual(expect.arrayContaining([...PRIVATE_PATHS]))
    }
  })

  it('names the sitemap under SITE_URL and the host', () => {
    expect(parsed.other.sitemap).toEqual([`${SITE_URL}/sitemap.xml`])
    expect(parsed.other.host).toEqual(['www.alavancadigital.com.br'])
    // A trailing slash on the site URL is not doubled.
    expect(buildRobotsTxt({ siteUrl: 'http://localhost:3000/' })).toContain('Sitemap: http://localhost:3000/sitemap.xml\n')
  })

  it('gives the major search engines a crawl delay of 1 to 2 seconds', () => {
    for (const agent of ['Googlebot', 'Bingbot', 'Slurp', 'DuckDuckBot', 'YandexBot']) {
      const delay = groupOf(agent)?.crawlDelay
      expect(delay, agent).toBeGreaterThanOrEqual(1)
      expect(delay, agent).toBeLessThanOrEqual(2)
    }
  })

  it('slows SEO tools down to 5 to 10 seconds', () => {
    for (const agent of ['AhrefsBot', 'SemrushBot', 'MJ12bot', 'DotBot']) {
      const delay = groupOf(agent)?.crawlDelay
      expect(delay, agent).toBeGreaterThanOrEqual(5)
      expect(delay, agent).toBeLessThanOrEqual(10)
    }
  })

  it('allows the AI assistants and the social preview bots explicitly', () => {
    const agents = [
      ...['GPTBot', 'ChatGPT-User', 'OAI-SearchBot', 'ClaudeBot', 'PerplexityBot', 'Google-Extended', 'Applebot'],
      ...['facebookexternalhit', 'Twitterbot', 'LinkedInBot', 'WhatsApp', 'Slackbot', 'TelegramBot'],
    ]
    for (const agent of agents) {
      const group = groupOf(agent)
      expect(group?.allow, agent).toEqual(['/'])
      expect(group?.disallow, agent).not.toContain('/')
    }
  })

  it('blocks the commercial scrapers from the whole site', () => {
    for (const agent of ['BLEXBot', 'DataForSeoBot', 'PetalBot', 'Bytespider']) {
      expect(groupOf(agent)?.disallow, agent).toEqual(['/'])
      expect(groupOf(agent)?.allow, agent).toEqual([])
    }
  })

  it('writes each group once, with a blank line between groups, from the data list', () => {
    expect(parsed.groups).toHaveLength(robotsGroups.length)
    expect(text.endsWith('\n')).toBe(true)
    expect(text).not.toMatch(/\n\n\n/)
    const custom: RobotsGroup[] = [{ userAgents: ['ExemploBot'], allow: [], disallow: ['/x/'], crawlDelay: 3 }]
    expect(buildRobotsTxt({ siteUrl: SITE_URL, groups: custom })).toBe(
      'User-agent: ExemploBot\nDisallow: /x/\nCrawl-delay: 3\n\n' + `Sitemap: ${SITE_URL}/sitemap.xml\nHost: www.alavancadigital.com.br\n`,
    )
  })
})
