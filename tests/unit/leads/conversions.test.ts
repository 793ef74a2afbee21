import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  closedLoopConversion,
  closedLoopEventId,
  closedLoopEventName,
  conversionEndpoint,
  gaClientIdFrom,
  ga4Conversion,
  metaConversion,
  metaPhone,
  type ClosedLoopStage,
  type ConversionLead,
} from '~/leads/conversions.server'
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

  it('sends the closed loop’s stages to GA4 and Meta byte for byte as before the stored statuses were English (ADR 048)', () => {
    const leadId = '6f1c2b8e-3d4a-4f5b-9c7d-8e9f0a1b2c3d'
    const at = new Date('2026-11-27T15:00:00Z')
    const firstGa4 = {
      client_id: '1234567890.1764000000',
      timestamp_micros: 1_764_000_000_000_000,
      user_data: { sha256_email_address: ['hash-do-email'] },
      events: [
        { name: 'generate_lead', params: { event_id: 'evento-1', form_name: 'contact_form', value: 200, currency: 'BRL', page_location: 'https://x.br/' } },
      ],
    }
    const firstMeta = {
      data: [
        {
          event_name: 'Lead',
          event_time: 1_764_000_000,
          event_id: 'evento-1',
          action_source: 'website',
          user_data: { em: ['hash-do-email'], fbp: 'fb.1.1764000000000.42' },
          custom_data: { value: 200, currency: 'BRL', content_name: 'contact_form' },
        },
      ],
    }
    const sent = (stage: ClosedLoopStage) => {
      const change = { stage, eventId: closedLoopEventId(leadId, stage), at }
      return [JSON.stringify(closedLoopConversion('ga4', firstGa4, change)), JSON.stringify(closedLoopConversion('meta', firstMeta, change))]
    }
    expect(sent('qualified')).toEqual([
      '{"client_id":"1234567890.1764000000","user_data":{"sha256_email_address":["hash-do-email"]},"timestamp_micros":1795791600000000,"events":[{"name":"qualify_lead","params":{"event_id":"6f1c2b8e-3d4a-4f5b-9c7d-8e9f0a1b2c3d:qualificado","form_name":"contact_form","value":200,"currency":"BRL","lead_status":"qualificado"}}]}',
      '{"data":[{"event_name":"QualifiedLead","event_time":1795791600,"event_id":"6f1c2b8e-3d4a-4f5b-9c7d-8e9f0a1b2c3d:qualificado","action_source":"system_generated","user_data":{"em":["hash-do-email"],"fbp":"fb.1.1764000000000.42"},"custom_data":{"value":200,"currency":"BRL","content_name":"contact_form","event_source":"crm","lead_event_source":"Site (área administrativa)"}}]}',
    ])
    expect(sent('won')).toEqual([
      '{"client_id":"1234567890.1764000000","user_data":{"sha256_email_address":["hash-do-email"]},"timestamp_micros":1795791600000000,"events":[{"name":"close_convert_lead","params":{"event_id":"6f1c2b8e-3d4a-4f5b-9c7d-8e9f0a1b2c3d:cliente","form_name":"contact_form","value":200,"currency":"BRL","lead_status":"cliente"}}]}',
      '{"data":[{"event_name":"ConvertedLead","event_time":1795791600,"event_id":"6f1c2b8e-3d4a-4f5b-9c7d-8e9f0a1b2c3d:cliente","action_source":"system_generated","user_data":{"em":["hash-do-email"],"fbp":"fb.1.1764000000000.42"},"custom_data":{"value":200,"currency":"BRL","content_name":"contact_form","event_source":"crm","lead_event_source":"Site (área administrativa)"}}]}',
    ])
  })

  it('names the event of a closed-loop row for the lead’s page, and nothing for the lead’s first conversion', () => {
    expect(closedLoopEventName({ target: 'ga4', event: 'qualified' })).toBe('qualify_lead')
    expect(closedLoopEventName({ target: 'meta', event: 'won' })).toBe('ConvertedLead')
    expect(closedLoopEventName({ target: 'ga4', event: null })).toBeNull()
    expect(closedLoopEventName({ target: 'lead_webhook', event: 'qualified' })).toBeNull()
  })
})
