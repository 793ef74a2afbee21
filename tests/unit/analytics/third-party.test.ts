import { describe, expect, it } from 'vitest'
import { SUBSCRIPTION_HOSTS, TAG_MANAGER_HOSTS, thirdPartySources } from '~/analytics/third-party'
import { siteContentSecurityPolicy } from '~/server/security-headers'

/** The site's CSP opens to a third party only when it is configured (ADR 031). */
describe('third parties in the site’s CSP', () => {
  const directive = (policy: string, name: string) =>
    policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? ''
  const policyFor = (env: Parameters<typeof thirdPartySources>[0]) =>
    siteContentSecurityPolicy({ scriptHashes: ['abc='], isDevelopment: false, thirdParty: thirdPartySources(env) })

  it('names no outside host when nothing is configured', () => {
    const policy = policyFor({})
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'")
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self'")
    expect(policy).not.toMatch(/google/)
  })

  it('lets the tag manager’s requests and images in with GTM_ID, and frames nothing', () => {
    const policy = policyFor({ GTM_ID: 'GTM-ABC1234' })
    for (const host of TAG_MANAGER_HOSTS) {
      expect(directive(policy, 'connect-src')).toContain(host)
      expect(directive(policy, 'img-src')).toContain(host)
    }
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self'")
  })

  it('lets the subscription service’s requests and frames in with SUBSCRIPTION_PRODUCT_ID', () => {
    const policy = policyFor({ SUBSCRIPTION_PRODUCT_ID: 'CAowqfCKCw' })
    for (const host of SUBSCRIPTION_HOSTS) expect(directive(policy, 'connect-src')).toContain(host)
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self' https://news.google.com")
    expect(policy).not.toMatch(/googletagmanager/)
  })
})
