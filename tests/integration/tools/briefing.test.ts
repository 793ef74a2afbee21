/**
 * The briefing's lead below HTTP: the final post → handleLeadAction with the
 * server schema → the lead (phone with the dial code, company = business),
 * its agent_briefings row and the webhook with the eleven fields. PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { handleLeadAction } from '~/leads/lead-action.server'
import { briefingContact, briefingResults, briefingServerSchema, readBriefingStep } from '~/tools/briefing/briefing.server'
import { agentBriefings, leads } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'
import { eventually } from '../../support/eventually'
import { leadPipelineFixture } from '../../support/lead-pipeline'
import { BRIEFING_FIELDS, leadPost } from '../../support/lead-requests'

const briefing = BRIEFING_FIELDS

const post = (fields: Record<string, string>, platforms: string[] = ['whatsapp', 'website']) => {
  const request = leadPost('/criar-agente', fields, { form: 'briefing' })
  // leadPost takes one value per name: add the repeated checkbox values as a browser would.
  return request.text().then((body) => {
    const params = new URLSearchParams(body)
    for (const platform of platforms) params.append('platforms', platform)
    return new Request(request.url, { method: 'POST', headers: request.headers, body: params })
  })
}

describe.each(testDatabaseTargets())('briefing lead on $kind', ({ open }) => {
  const { db, received, pipeline, deliveredBody } = leadPipelineFixture(open)
  const send = (request: Request) =>
    handleLeadAction({
      request,
      context: { clientIp: '203.0.113.21' },
      form: 'briefing',
      schema: briefingServerSchema,
      contact: briefingContact,
      results: briefingResults,
      pipeline: pipeline(),
    })

  it('stores the lead and the briefing, and sends the eleven fields', async () => {
    const outcome = await send(await post(briefing))
    expect(outcome.status).toBe('success')
    const [lead] = await db().select().from(leads)
    expect(lead).toMatchObject({ name: 'Roberto Dias', phone: '5511987654321', company: 'Pizzaria Forno Bravo', source: 'agent_briefing' })
    const [row] = await db().select().from(agentBriefings).where(eq(agentBriefings.leadId, lead!.id))
    expect(row).toMatchObject({
      businessName: 'Pizzaria Forno Bravo',
      businessType: 'alimentacao',
      platforms: ['whatsapp', 'website'],
      contactName: 'Roberto Dias',
      email: 'roberto@fornobravo.com.br',
      countryCode: '+55',
      phone: '5511987654321',
    })
    await eventually(() => expect(received()).toHaveLength(1))
    const body = deliveredBody() as { results: Record<string, unknown> }
    expect(body).toMatchObject({ source: 'agent_briefing', formId: 'agent_briefing_wizard', phone: '5511987654321', company: 'Pizzaria Forno Bravo' })
    expect(Object.keys(body.results).sort()).toEqual(
      [
        'additionalInfo',
        'agentPurpose',
        'businessName',
        'businessType',
        'integration',
        'mainGoals',
        'operatingHours',
        'platforms',
        'specificFeatures',
        'targetAudience',
        'tone',
      ].sort(),
    )
  })

  it('a number from another country, normalised; a contact missing or a phone invalid there stores nothing', async () => {
    expect((await send(await post({ ...briefing, country: 'US', phone: '(201) 555-0123' }))).status).toBe('success')
    const [lead] = await db().select().from(leads)
    expect(lead?.phone).toBe('12015550123')

    const missing = await send(await post({ ...briefing, name: '', email: 'outro@exemplo.com.br' }))
    expect(missing.status === 'error' && missing.response.data.result.error?.name).toEqual(['Por favor, preencha todos os campos obrigatórios.'])
    const invalid = await send(await post({ ...briefing, email: 'terceiro@exemplo.com.br', country: 'UY', phone: '55555555' }))
    expect(invalid.status).toBe('error')
    expect(await db().select().from(leads)).toHaveLength(1)
  })

  it('Next and Previous keep every answer and move one step, within 1 to 5', async () => {
    const step = await readBriefingStep(await post({ ...briefing, intent: 'next', etapa: '2' }))
    expect(step).toMatchObject({ intent: 'next', step: 3, values: { businessName: 'Pizzaria Forno Bravo', platforms: ['whatsapp', 'website'] } })
    expect(await readBriefingStep(await post({ ...briefing, intent: 'previous', etapa: '1' }))).toMatchObject({ intent: 'previous', step: 1 })
    expect(await readBriefingStep(await post({ ...briefing, intent: 'next', etapa: '9' }))).toMatchObject({ step: 5 })
  })

  it('a value no button posts keeps the step and every answer, and sends nothing (a page rendered before a rename)', async () => {
    const step = await readBriefingStep(await post({ ...briefing, intent: 'proximo', etapa: '2' }))
    expect(step).toMatchObject({ intent: 'stay', step: 2, values: { businessName: 'Pizzaria Forno Bravo' } })
    const { intent: _intent, ...withoutIntent } = briefing
    expect(await readBriefingStep(await post({ ...withoutIntent, etapa: '5' }))).toMatchObject({ intent: 'send', step: 5 })
  })
})
