import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { conversionEndpoint, gaClientIdFrom, ga4Conversion, metaConversion, metaPhone, type ConversionLead } from '~/leads/conversions.server'
import { parseEnv } from '~/utils/env.server'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

const lead: ConversionLead = {
  eventId: 'evento-1',
  sessionId: 'session_1764000000000_abc123def',
  formName: 'newsletter',
  value: 50,
  currency: 'BRL',
  pageUrl: 'https://alavancadigital.com.br/blog',
  name: '',
  email: 'leitora@exemplo.com.br',
  phone: '',
  userAgent: null,
  clientIp: null,
  fbc: null,
  fbp: null,
  gaClientId: null,
  engagementTimeMsec: null,
  at: new Date('2026-11-24T12:00:00Z'),
}

describe('server-side conversions (ADR 031)', () => {
  it('writes phones for Meta as digits with the country code and no +', () => {
    expect(metaPhone('+5511987654321')).toBe('5511987654321')
    expect(metaPhone('+12015550123')).toBe('12015550123')
    expect(metaPhone('')).toBe('')
  })

  it('hashes the E.164 phone it is given, whatever the country', async () => {
    const american = { ...lead, formName: 'agent_briefing', name: 'Mary Smith', phone: '+12015550123' }
    expect((await ga4Conversion(american)).user_data).toMatchObject({ sha256_phone_number: [sha256('+12015550123')] })
    const [event] = (await metaConversion(american)).data as Array<{ user_data: Record<string, unknown> }>
    expect(event!.user_data.ph).toEqual([sha256('12015550123')])
  })

  it('reads GA’s client id from the _ga cookie, and nothing else', () => {
    expect(gaClientIdFrom('GA1.1.1234567890.1764000000')).toBe('1234567890.1764000000')
    expect(gaClientIdFrom('GA1.2.99.88')).toBe('99.88')
    expect(gaClientIdFrom('qualquer coisa')).toBeNull()
    expect(gaClientIdFrom(null)).toBeNull()
  })

  it('leaves out what a lead does not have (a newsletter has no name or phone) and uses the session id as GA’s client id without _ga', async () => {
    const ga4 = await ga4Conversion(lead)
    expect(ga4.client_id).toBe(lead.sessionId)
    expect(ga4.user_data).toEqual({ sha256_email_address: [expect.stringMatching(/^[0-9a-f]{64}$/)] })
    expect(ga4.timestamp_micros).toBe(Date.parse('2026-11-24T12:00:00Z') * 1000)
    const [event] = (await metaConversion(lead)).data as Array<{ user_data: Record<string, unknown>; event_time: number }>
    expect(Object.keys(event!.user_data).sort()).toEqual(['em', 'external_id'])
    expect(event!.event_time).toBe(Date.parse('2026-11-24T12:00:00Z') / 1000)
  })

  it('builds each endpoint with the credentials of now, and none for a target no longer configured', () => {
    const settings = {
      ga4: { url: 'https://www.google-analytics.com/mp/collect', measurementId: 'G-ABC1234', apiSecret: 's3gredo' },
      meta: { url: 'https://graph.facebook.com/v21.0/', pixelId: '1234567', accessToken: 'token' },
    }
    expect(conversionEndpoint('ga4', settings)).toBe('https://www.google-analytics.com/mp/collect?measurement_id=G-ABC1234&api_secret=s3gredo')
    expect(conversionEndpoint('meta', settings)).toBe('https://graph.facebook.com/v21.0/1234567/events?access_token=token')
    expect(conversionEndpoint('meta', { ...settings, meta: null })).toBeNull()
  })

  it('refuses half a configuration at startup, naming the missing variable', () => {
    expect(() => parseEnv({ GA4_MEASUREMENT_ID: 'G-ABC1234' })).toThrow(/GA4_API_SECRET: required when GA4_MEASUREMENT_ID is set/)
    expect(() => parseEnv({ META_ACCESS_TOKEN: 'x'.repeat(40) })).toThrow(/META_PIXEL_ID: required when META_ACCESS_TOKEN is set/)
    expect(parseEnv({ META_PIXEL_ID: '1234567', META_ACCESS_TOKEN: 'x'.repeat(40) }).META_CAPI_URL).toBe('https://graph.facebook.com/v21.0')
  })
})
