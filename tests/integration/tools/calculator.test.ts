/**
 * The calculator's lead, below HTTP: the form post → handleLeadAction with the
 * calculator's schema → the lead, its calculator_results row and the signed
 * webhook, with the result computed again on the server; then the full
 * result read back by lead id. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createFormTimer } from '~/leads/abuse.server'
import { handleLeadAction } from '~/leads/lead-action.server'
import { leadForms } from '~/leads/lead-forms'
import { calculatorLeadResults, loadCalculatorResult } from '~/tools/calculator/calculator.server'
import { calculatorLeadSchema } from '~/tools/calculator/lead-schema'
import { calculatorResults, leads } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'
import { eventually } from '../../support/eventually'
import { leadPipelineFixture } from '../../support/lead-pipeline'
import { leadPost } from '../../support/lead-requests'

const visitor = { clientIp: '203.0.113.9' }
const contact = { name: 'Juliana Prado', email: 'juliana@lojaprado.com.br', phone: '11987654321' }
const advice = (band: string) => ({ message: `Interpretação ${band}`, tips: [`Dica ${band} 1`, `Dica ${band} 2`] })
const page = {
  metrics: (['cac', 'roi', 'cpc', 'cpa', 'conversion_rate', 'ltv'] as const).map((metricType) => ({
    metricType,
    good: advice('good'),
    average: advice('average'),
    poor: advice('poor'),
  })),
}

describe.each(testDatabaseTargets())('calculator lead on $kind', ({ open }) => {
  const { db, received, pipeline, deliveredBody } = leadPipelineFixture(open)
  const send = (fields: Record<string, string>, options: { timer?: string } = {}) =>
    handleLeadAction({
      request: leadPost('/ferramentas/calculadora?metrica=cac&etapa=contato', fields, options),
      context: visitor,
      form: 'calculator',
      schema: calculatorLeadSchema,
      results: (value) => calculatorLeadResults(value, page),
      pipeline: pipeline(),
    })

  it('stores the lead and its result, computed on the server, and sends it in the webhook', async () => {
    // The values as a Brazilian types them; a value the browser claims is ignored.
    const outcome = await send({ ...contact, metrica: 'cac', totalCosts: '10.000,00', newCustomers: '30', value: '1' })
    expect(outcome.status).toBe('success')
    const [lead] = await db().select().from(leads)
    expect(lead).toMatchObject({ name: 'Juliana Prado', email: 'juliana@lojaprado.com.br', phone: '(11) 98765-4321', source: 'calculadora_metricas' })
    const [row] = await db().select().from(calculatorResults).where(eq(calculatorResults.leadId, lead!.id))
    expect(row).toMatchObject({
      metricType: 'cac',
      calculatedValue: 333.33,
      inputValues: { totalCosts: 10_000, newCustomers: 30 },
      status: 'good',
      interpretationMessage: 'Interpretação good',
      tips: ['Dica good 1', 'Dica good 2'],
    })

    await eventually(() => expect(received()).toHaveLength(1))
    const body = deliveredBody() as Record<string, unknown>
    expect(body).toMatchObject({
      leadId: lead!.id,
      source: 'calculadora_metricas',
      formId: 'calculator_lead_form',
      name: 'Juliana Prado',
      phone: '(11) 98765-4321',
      results: {
        metricType: 'cac',
        value: 333.33,
        inputs: { totalCosts: 10_000, newCustomers: 30 },
        status: 'good',
        message: 'Interpretação good',
        tips: ['Dica good 1', 'Dica good 2'],
      },
    })

    expect(await loadCalculatorResult(lead!.id, pipeline())).toEqual({
      metricType: 'cac',
      value: 333.33,
      inputs: { totalCosts: 10_000, newCustomers: 30 },
      band: 'good',
      message: 'Interpretação good',
      tips: ['Dica good 1', 'Dica good 2'],
    })
    expect(await loadCalculatorResult('00000000-0000-4000-8000-000000000000', pipeline())).toBeNull()
  })

  it('stores one lead per calculation sent from one rendered form: another calculation by the same person is a lead of its own', async () => {
    // One timer, as one cached copy of the page hands it out; the same contact each time.
    const timer = createFormTimer(leadForms.calculator.timerScope, Date.now() - 10_000)
    const cac = { ...contact, metrica: 'cac', totalCosts: '10.000,00', newCustomers: '30' }
    const first = await send(cac, { timer })
    const again = await send(cac, { timer })
    const other = await send({ ...cac, newCustomers: '50' }, { timer })
    expect(again.status === 'success' && again.leadId).toBe(first.status === 'success' && first.leadId)
    expect(other.status === 'success' && other.leadId).not.toBe(first.status === 'success' && first.leadId)
    const rows = await db().select().from(calculatorResults)
    expect(rows.map((row) => row.inputValues).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      { totalCosts: 10_000, newCustomers: 30 },
      { totalCosts: 10_000, newCustomers: 50 },
    ])
    expect(await db().select().from(leads)).toHaveLength(2)
  })

  it('refuses the tools’ phone rule and values that are not numbers above zero, storing nothing', async () => {
    const badPhone = await send({ ...contact, phone: '1198765', metrica: 'roi', revenue: '8000', investment: '4000' })
    expect(badPhone.status).toBe('error')
    if (badPhone.status === 'error') {
      expect(badPhone.response.init?.status).toBe(400)
      expect(badPhone.response.data.result.error?.phone).toEqual(['Por favor, insira um número de telefone válido (com DDD).'])
    }
    const badValues = await send({ ...contact, metrica: 'roi', revenue: '0', investment: 'abc' })
    expect(badValues.status).toBe('error')
    if (badValues.status === 'error') expect(badValues.response.init?.status).toBe(400)
    expect(await db().select().from(leads)).toHaveLength(0)
  })
})
