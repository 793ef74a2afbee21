import { Form, Link } from '@remix-run/react'
import { agendaCopy, deliveryHealthCopy } from '~/admin/admin-copy'
import type { LeadDetail } from '~/admin/lead-detail.server'
import { leadStatusCopy, leadStatusLabel, lostReasonLabel, type StatusFormError } from '~/admin/lead-status'
import { FormMessage } from '~/components/forms/lead-form-parts'
import { CategoryChart } from '~/components/tools/presence-test-results'
import { Button } from '~/components/ui/button'
import { FactList } from '~/components/ui/fact-list'
import { Container } from '~/components/ui/section'
import { leadFormLabel } from '~/leads/lead-forms'
import type { TestResult } from '~/tools/presence-test/scoring'
import { formatDateTime, formatWeekdayDate } from '~/utils/dates'
import { AdminSection } from './admin-table'
import { LeadStatusFields } from './lead-status-fields'

const copy = {
  back: '← Todos os leads',
  contact: 'Contato',
  origin: 'Origem',
  consent: 'Consentimento',
  test: 'Teste de presença digital',
  calculator: 'Calculadora de métricas',
  briefing: 'Briefing do agente de IA',
  deliveries: 'Entregas',
  resend: 'Reenviar',
  resent: 'Novo envio na fila: o próximo passe do envio automático o faz.',
  noAttempts: 'Nenhuma tentativa ainda.',
  empty: '—',
  chart: 'Pontuação por categoria',
  yes: 'sim',
  no: 'não',
  statuses: { pending: 'pendente', delivered: 'entregue', failed: 'falhou', skipped: 'não configurado' } as Record<string, string>,
  outcomes: { delivered: 'entregue', retry: 'nova tentativa', gone: 'recusado de vez' } as Record<string, string>,
} as const

const when = (value: string | null) => (value ? formatDateTime(value, { seconds: true }) : copy.empty)
const shown = (value: unknown) => (value === null || value === undefined || value === '' ? copy.empty : String(value))

/** /admin/leads/<id>: one lead, all it came with, and its deliveries with 'Reenviar'. */
export function LeadDetailView({
  detail,
  specialists,
  resent,
  statusSaved,
  message,
  statusError,
}: {
  detail: LeadDetail
  /** The specialists' names by key (the scheduling settings). */
  specialists: Record<string, string>
  resent: boolean
  statusSaved: boolean
  message: string | null
  statusError: StatusFormError | null
}) {
  const { lead, tracking, test, calculator, briefing, bookings, deliveries } = detail
  return (
    <Container className="py-10">
      <p>
        <Link to="/admin/leads" className="font-semibold text-brand-700 underline">
          {copy.back}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold break-words text-ink-900">{lead.name}</h1>
      <p className="mt-1 text-ink-700">
        {leadFormLabel(lead.source)} · {when(lead.createdAt)}
      </p>

      <AdminSection id="status" title={leadStatusCopy.status}>
        <p className="mt-3 text-ink-900" data-testid="status-atual">
          <strong>{leadStatusLabel(lead.status)}</strong>
          {lead.lostReason ? ` · ${leadStatusCopy.lostBecause(lostReasonLabel(lead.lostReason))}` : ''}
        </p>
        {statusSaved ? (
          <p role="status" className="mt-2 font-semibold text-ink-900">
            {leadStatusCopy.saved}
          </p>
        ) : null}
        <FactList className="mt-4" rows={leadStatusCopy.stages.map(([label, key]) => [label, when(lead[key])])} />
        <Form method="post" className="mt-4 grid max-w-2xl gap-4 sm:grid-cols-2" noValidate>
          <LeadStatusFields idPrefix="lead" status={lead.status} reason={lead.lostReason} error={statusError} />
          <div className="sm:col-span-2">
            <Button type="submit" name="intent" value="status" size="sm">
              {leadStatusCopy.save}
            </Button>
          </div>
        </Form>
      </AdminSection>

      <AdminSection id="lead-contato" title={copy.contact}>
        <FactList
          className="mt-4"
          rows={[
            ['E-mail', lead.email],
            ['Telefone', shown(lead.phone)],
            ['Empresa', shown(lead.company)],
            ['Serviço', shown(lead.service)],
            ['Mensagem', shown(lead.message)],
            ['Formulário', shown(lead.formId)],
          ]}
        />
      </AdminSection>

      {bookings.length > 0 ? (
        <AdminSection id="lead-sessao" title={agendaCopy.leadSection}>
          <FactList
            className="mt-4"
            rows={bookings.map((booking) => [
              `${formatWeekdayDate(booking.day)}, ${booking.time}–${booking.endTime}`,
              `${specialists[booking.specialist] ?? booking.specialist} · ${agendaCopy.statuses[booking.status] ?? booking.status}`,
            ])}
          />
        </AdminSection>
      ) : null}

      <AdminSection id="lead-origem" title={copy.origin}>
        <FactList
          className="mt-4"
          rows={[
            ['Página do envio', shown(tracking?.pageUrl)],
            ['Título da página', shown(tracking?.pageTitle)],
            ['Primeira página da visita', shown(tracking?.pageLocation)],
            ['Origem (referrer)', shown(tracking?.referrer)],
            ['utm_source', shown(tracking?.utmSource)],
            ['utm_medium', shown(tracking?.utmMedium)],
            ['utm_campaign', shown(tracking?.utmCampaign)],
            ['utm_content', shown(tracking?.utmContent)],
            ['utm_term', shown(tracking?.utmTerm)],
            ['gclid', shown(tracking?.gclid)],
            ['fbclid', shown(tracking?.fbclid)],
            ['_fbc', shown(tracking?.fbc)],
            ['_fbp', shown(tracking?.fbp)],
            ['ID da sessão', shown(lead.sessionId)],
            ['ID do evento', shown(tracking?.eventId)],
            ['Tempo na página', tracking?.engagementTimeMsec ? `${tracking.engagementTimeMsec.toLocaleString('pt-BR')} ms` : copy.empty],
            ['Valor da conversão', tracking?.conversionValue != null ? `${tracking.conversionValue} ${tracking.conversionCurrency}` : copy.empty],
            ['Navegador', shown(lead.userAgent)],
          ]}
        />
      </AdminSection>

      <AdminSection id="lead-consentimento" title={copy.consent}>
        <FactList
          className="mt-4"
          rows={[
            ['Versão do aviso', lead.consentVersion],
            ['Aceito em', when(lead.consentAt)],
            ['Endereço IP', shown(lead.consentIp)],
            ['Cookies de anúncios aceitos', lead.marketingConsent ? copy.yes : copy.no],
          ]}
        />
      </AdminSection>

      {test ? (
        <AdminSection id="lead-teste" title={copy.test}>
          <FactList
            className="mt-4"
            rows={[
              ['Pontuação geral', `${test.overallScore}/100`],
              ['Perfil', shown(test.personaTitle)],
              ['Resumo', shown(test.personaSubtitle)],
              ['Recomendações', test.recommendations.join('\n')],
            ]}
          />
          <CategoryChart scores={test.categoryScores as TestResult['categoryScores']} title={copy.chart} />
        </AdminSection>
      ) : null}

      {calculator ? (
        <AdminSection id="lead-calculadora" title={copy.calculator}>
          <FactList
            className="mt-4"
            rows={[
              ['Métrica', calculator.metricType],
              ['Resultado', calculator.calculatedValue.toLocaleString('pt-BR')],
              [
                'Valores informados',
                Object.entries(calculator.inputValues)
                  .map(([name, value]) => `${name}: ${value.toLocaleString('pt-BR')}`)
                  .join('\n'),
              ],
              ['Situação', shown(calculator.status)],
              ['Análise', shown(calculator.interpretationMessage)],
              ['Dicas', calculator.tips.join('\n') || copy.empty],
            ]}
          />
        </AdminSection>
      ) : null}

      {briefing ? (
        <AdminSection id="lead-briefing" title={copy.briefing}>
          <FactList
            className="mt-4"
            rows={[
              ['Empresa', shown(briefing.businessName)],
              ['Tipo de negócio', shown(briefing.businessType)],
              ['Função do agente', shown(briefing.agentPurpose)],
              ['Objetivos', shown(briefing.mainGoals)],
              ['Público-alvo', shown(briefing.targetAudience)],
              ['Plataformas', briefing.platforms.join(', ') || copy.empty],
              ['Tom de voz', shown(briefing.tone)],
              ['Horário', shown(briefing.operatingHours)],
              ['Funcionalidades', shown(briefing.specificFeatures)],
              ['Integrações', shown(briefing.integration)],
              ['Informações adicionais', shown(briefing.additionalInfo)],
              ['Contato', `${briefing.contactName} · ${briefing.email} · ${briefing.countryCode} ${briefing.phone}`],
            ]}
          />
        </AdminSection>
      ) : null}

      <AdminSection id="entregas" title={copy.deliveries}>
        <FormMessage message={message} />
        {resent ? (
          <p role="status" className="mt-4 font-semibold text-ink-900">
            {copy.resent}
          </p>
        ) : null}
        <ul className="mt-4 space-y-6">
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="rounded-2xl p-5 ring-1 ring-ink-200" data-testid={`entrega-${delivery.target}`}>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 className="text-lg font-bold text-ink-900">
                  {delivery.label}
                  {delivery.event ? ` · ${delivery.event}` : ''}: {copy.statuses[delivery.status] ?? delivery.status}
                </h3>
                {delivery.status !== 'pending' ? (
                  <Form method="post">
                    <input type="hidden" name="entrega" value={delivery.id} />
                    <Button type="submit" name="intent" value="resend" variant="secondary" size="sm">
                      {copy.resend}
                    </Button>
                  </Form>
                ) : null}
              </div>
              <p className="mt-2 text-sm text-ink-700">
                Tentativas: {delivery.attempts} · Próxima: {delivery.status === 'pending' ? when(delivery.nextAttemptAt) : copy.empty} · Entregue em:{' '}
                {when(delivery.deliveredAt)}
              </p>
              {delivery.history.length === 0 ? (
                <p className="mt-2 text-sm text-ink-700">{copy.noAttempts}</p>
              ) : (
                <ol className="mt-3 space-y-1 text-sm text-ink-700">
                  {delivery.history.map((attempt) => (
                    <li key={`${attempt.createdAt}-${attempt.attempt}`} className="break-words">
                      {when(attempt.createdAt)} · nº {attempt.attempt} · {copy.outcomes[attempt.outcome] ?? attempt.outcome}
                      {attempt.httpStatus ? ` · ${deliveryHealthCopy.answerCode(delivery.answerCode, attempt.httpStatus)}` : ''}
                      {attempt.error ? ` · ${attempt.error}` : ''}
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ul>
      </AdminSection>
    </Container>
  )
}
