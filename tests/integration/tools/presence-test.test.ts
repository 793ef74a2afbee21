/**
 * The presence test below HTTP: answers posted one by one with the signed
 * progress, the finished run stored under an id, and the lead from the
 * results page: its test_results row, the run linked to it and the webhook
 * body, scored on the server. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { PresenceTestPage } from '~/content/schemas'
import { handleLeadAction } from '~/leads/lead-action.server'
import { presenceTestLeadSchema } from '~/tools/presence-test/lead-schema'
import { answerQuestion, loadRun, postedAnswers, runAfterLead, signAnswers, testLeadResults } from '~/tools/presence-test/presence-test.server'
import { CATEGORIES } from '~/tools/presence-test/scoring'
import { leads, presenceTestRuns, testResults } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'
import { eventually } from '../../support/eventually'
import { leadPipelineFixture } from '../../support/lead-pipeline'
import { leadPost, TEST_SITE } from '../../support/lead-requests'

const levels = (name: string) => ({ low: `${name} baixo`, medium: `${name} médio`, high: `${name} alto` })
const page: PresenceTestPage = {
  seo: { title: 'Teste de Presença Digital', description: 'x'.repeat(60) },
  hero: { title: 'Teste', subtitle: 'Subtítulo' },
  questions: CATEGORIES.flatMap(({ id }) =>
    [1, 2, 3, 4, 5].map((n) => ({
      id: `${id}_${n}`,
      category: id,
      text: `Pergunta ${n}?`,
      options: [0, 1, 2, 3, 4].map((value) => ({ label: `Opção ${value}`, value })),
    })),
  ),
  advice: CATEGORIES.map(({ id }) => ({ category: id, ...levels(id) })),
  closing: levels('final'),
  results: { teaserTitle: 't', formText: 'f', fullTitle: 'c', chartTitle: 'g', adviceTitle: 'r', missing: 'm', restartLabel: 'Fazer o teste' },
}
const MIXED = '4433211111222223333401010'

const post = (body: Record<string, string>) =>
  new Request(`${TEST_SITE}/ferramentas/teste-presenca-digital`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  })

describe.each(testDatabaseTargets())('presence test on $kind', ({ open }) => {
  const { db, received, pipeline, deliveredBody } = leadPipelineFixture(open)

  beforeEach(async () => {
    await db().delete(presenceTestRuns)
  })

  it('moves on with the signed progress, and stores the finished run under a new id', async () => {
    const first = await answerQuestion(post({ estado: '', resposta: '4' }), page, pipeline())
    expect(first.kind).toBe('redirect')
    const next = first.kind === 'redirect' ? new URL(first.response.headers.get('Location')!, TEST_SITE) : null
    expect(next?.pathname).toBe('/ferramentas/teste-presenca-digital')
    expect(next?.searchParams.get('estado')).toMatch(/^4\./)

    const last = await answerQuestion(post({ estado: signAnswers(MIXED.slice(0, 24)), resposta: MIXED.at(-1)! }), page, pipeline())
    const location = last.kind === 'redirect' ? last.response.headers.get('Location')! : ''
    const runId = /\?r=([0-9a-f-]{36})$/.exec(location)?.[1]
    expect(runId).toBeTruthy()
    const run = await loadRun(runId!, pipeline())
    expect(run).toMatchObject({ digits: MIXED, leadId: null, result: { overallScore: 49, persona: { title: 'Explorador Digital' } } })
  })

  it('refuses a missing answer, an answer out of range and a forged progress, storing nothing', async () => {
    expect(await answerQuestion(post({ estado: '' }), page, pipeline())).toEqual({
      kind: 'error',
      status: 400,
      message: 'Por favor, selecione uma resposta para continuar.',
    })
    expect(await answerQuestion(post({ estado: '', resposta: '7' }), page, pipeline())).toMatchObject({ kind: 'error', status: 400 })
    const forged = await answerQuestion(post({ estado: `${MIXED.slice(0, 24)}.abc.${'A'.repeat(43)}`, resposta: '0' }), page, pipeline())
    expect(forged).toMatchObject({ kind: 'error', status: 400, message: expect.stringContaining('Comece de novo') })
    expect(await db().select().from(presenceTestRuns)).toHaveLength(0)
  })

  it('the lead from the results page: test_results with the persona, the run linked, and the webhook with the answers', async () => {
    const last = await answerQuestion(post({ estado: signAnswers(MIXED.slice(0, 24)), resposta: '0' }), page, pipeline())
    const runId = /\?r=([0-9a-f-]{36})$/.exec(last.kind === 'redirect' ? last.response.headers.get('Location')! : '')![1]!

    // The browser claims a perfect score; the server scores the answers itself.
    const fields = { name: 'Patrícia Mello', email: 'patricia@studiomello.com.br', phone: '21998761234', respostas: MIXED, r: runId, overallScore: '100' }
    const outcome = await handleLeadAction({
      request: leadPost(`/ferramentas/resultados-teste?r=${runId}`, fields, { form: 'presenceTest' }),
      context: { clientIp: '203.0.113.11' },
      form: 'presenceTest',
      schema: presenceTestLeadSchema,
      results: (value) => testLeadResults(postedAnswers(value.respostas, page)!, page),
      pipeline: pipeline(),
    })
    expect(outcome.status).toBe('success')
    if (outcome.status !== 'success') return
    const next = await runAfterLead(outcome.value!, outcome.leadId!, page, pipeline())
    expect(next).toBe(`/ferramentas/resultados-teste?r=${runId}&enviado=1`)

    const [lead] = await db().select().from(leads)
    expect(lead).toMatchObject({ source: 'teste_presenca_digital', phone: '(21) 99876-1234' })
    const [row] = await db().select().from(testResults).where(eq(testResults.leadId, lead!.id))
    expect(row).toMatchObject({
      overallScore: 49,
      personaTitle: 'Explorador Digital',
      personaSubtitle: 'Seu maior espaço para crescer: Estratégia Digital',
      recommendations: ['website_seo alto', 'social_media baixo', 'online_reputation médio', 'branding alto', 'strategy baixo', 'final médio'],
    })
    expect((row!.categoryScores as Array<{ percentage: number }>).map((score) => score.percentage)).toEqual([80, 25, 50, 80, 10])
    expect(await loadRun(runId, pipeline())).toMatchObject({ leadId: lead!.id })

    await eventually(() => expect(received()).toHaveLength(1))
    const body = deliveredBody() as { results: Record<string, unknown> }
    expect(body).toMatchObject({
      source: 'teste_presenca_digital',
      formId: 'presence_test_lead_form',
      results: { overallScore: 49, persona: { title: 'Explorador Digital' } },
    })
    expect((body.results.answers as unknown[]).length).toBe(25)
    expect((body.results.answers as Array<Record<string, unknown>>)[0]).toEqual({ categoryId: 'website_seo', questionId: 'website_seo_1', value: 4 })
  })

  it('with JavaScript (no stored run), the lead stores a new run linked to it', async () => {
    const outcome = await handleLeadAction({
      request: leadPost(
        '/ferramentas/resultados-teste',
        { name: 'Ana Lopes', email: 'ana@lopes.com.br', phone: '11987654321', respostas: '4'.repeat(25) },
        { form: 'presenceTest' },
      ),
      context: { clientIp: '203.0.113.12' },
      form: 'presenceTest',
      schema: presenceTestLeadSchema,
      results: (value) => testLeadResults(postedAnswers(value.respostas, page)!, page),
      pipeline: pipeline(),
    })
    if (outcome.status !== 'success') throw new Error('expected success')
    const next = await runAfterLead(outcome.value!, outcome.leadId!, page, pipeline())
    const runId = /\?r=([0-9a-f-]{36})&enviado=1$/.exec(next ?? '')?.[1]
    expect(await loadRun(runId!, pipeline())).toMatchObject({ leadId: outcome.leadId, result: { overallScore: 100 } })
  })
})
