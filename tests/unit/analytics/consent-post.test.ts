import { describe, expect, it } from 'vitest'
import { CONSENT_FIELDS } from '~/analytics/consent'
import { recordConsentChoice } from '~/analytics/consent.server'
import { CONSENT_GRANTED } from '~/utils/cookie-names'

const post = (back: string) =>
  recordConsentChoice(
    new Request('http://localhost/preferencias-de-cookies', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ [CONSENT_FIELDS.choice]: CONSENT_GRANTED, [CONSENT_FIELDS.back]: back }),
    }),
  )

describe('the consent post sends the visitor back', () => {
  it('to the page they were on', async () => {
    const result = await post('/servicos?x=1')
    expect(result.ok && result.response.headers.get('Location')).toBe('/servicos?x=1')
  })

  it('home, for a way back that leaves the site', async () => {
    for (const back of ['//evil.example', '/\\evil.example', 'https://evil.example']) {
      const result = await post(back)
      expect(result.ok && result.response.status).toBe(303)
      expect(result.ok && result.response.headers.get('Location')).toBe('/')
    }
  })
})
