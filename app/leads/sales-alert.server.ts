/**
 * The sales team's e-mail on every lead (issue 35, item 4): one message per
 * lead, sent through the outbox like the webhook (target `sales_email`, its
 * own row, attempts and backoff that honours nothing but its schedule: SMTP
 * has no Retry-After), so a slow or absent mail server never delays the
 * form's answer (ADR 045).
 *
 * The message is written when the lead is stored (its row's payload), so
 * every attempt sends the same bytes, with a Message-ID made from the row's
 * id: a mail server or client that sees the same message twice can tell.
 */
import { z } from 'zod'
import type { AttemptOutcome } from '~/delivery/http.server'
import { rowMessageId, sendSmtp } from '~/delivery/smtp.server'
import { formatDateTime } from '~/utils/dates'
import type { Env } from '~/utils/env.server'
import type { OutboxRow } from '../../db/schema'
import { DIRECT_ACCESS, leadForms, NEWSLETTER_LEAD_NAME, type LeadFormKey } from './lead-forms'
import type { LeadPayload, LeadResults } from './lead-service.server'
import type { LeadTarget } from './stored-lead'

export const SALES_ALERT_TARGET = 'sales_email'

export type SalesAlertSettings = {
  /** smtp:// or smtps://, with the account in it when the server asks for one. */
  smtpUrl: string
  to: string[]
  from: string
  /** Where the lead's page in /admin is. */
  siteUrl: string
}

/** The alert's settings, or null when it is off (SMTP_URL, SALES_ALERT_TO and SALES_ALERT_FROM all unset: env.server.ts refuses a partial set). */
export function salesAlertSettingsFromEnv(env: Pick<Env, 'SMTP_URL' | 'SALES_ALERT_TO' | 'SALES_ALERT_FROM' | 'SITE_URL'>): SalesAlertSettings | null {
  if (!env.SMTP_URL || !env.SALES_ALERT_TO || !env.SALES_ALERT_FROM) return null
  return { smtpUrl: env.SMTP_URL, to: env.SALES_ALERT_TO, from: env.SALES_ALERT_FROM, siteUrl: env.SITE_URL }
}

/** What a `sales_email` row carries: the message, written once. */
/** What a sales e-mail row carries: parsed when the row is read (ADR 054). */
export const salesAlertPayload = z.object({ subject: z.string(), text: z.string() })
export type SalesAlertMessage = z.infer<typeof salesAlertPayload>

const line = (label: string, value: string | null | undefined) => (value && value.trim() !== '' ? [`${label}: ${value.trim()}`] : [])

/** The tool's result in a few lines, as the lead's page in /admin shows it at more length. */
function resultLines(results: LeadResults | undefined): string[] {
  if (!results) return []
  switch (results.kind) {
    case 'test':
      return [
        'Teste de presença digital:',
        `Pontuação geral: ${results.overallScore}/100`,
        ...line('Perfil', results.persona?.title),
        ...results.recommendations.slice(0, 3).map((recommendation) => `- ${recommendation}`),
      ]
    case 'calculator':
      // As the lead's page in /admin shows it (the metric's names and bands belong to the calculator, above this layer).
      return ['Calculadora de métricas:', `${results.metricType.toUpperCase()}: ${results.value.toLocaleString('pt-BR')}`, ...line('Análise', results.message)]
    case 'briefing':
      return [
        'Briefing do agente de IA:',
        ...line('Empresa', results.businessName),
        ...line('Tipo de negócio', results.businessType),
        ...line('Função do agente', results.agentPurpose),
        ...line('Objetivos', results.mainGoals),
        ...line('Plataformas', results.platforms.join(', ')),
      ]
  }
}

/** Where the person came from: the campaign (UTM) or the referrer, the session's first page and the form's page. */
function originLines(payload: LeadPayload, landingPage: string): string[] {
  const campaign = [payload.utmSource, payload.utmMedium, payload.utmCampaign].filter(Boolean).join(' / ')
  return [
    'De onde veio:',
    `Campanha: ${campaign || 'sem UTM'}`,
    ...line('Conteúdo / termo (UTM)', [payload.utmContent, payload.utmTerm].filter(Boolean).join(' / ')),
    `Referência: ${payload.referrer === DIRECT_ACCESS ? 'acesso direto' : payload.referrer}`,
    ...line('Primeira página da visita', landingPage),
    ...line('Página do formulário', payload.pageUrl),
  ]
}

/** The alert for one stored lead: subject with the form and the person's name, a pt-BR body with what they sent. */
export function salesAlertMessage(
  { form, payload, results, landingPage }: { form: LeadFormKey; payload: LeadPayload; results?: LeadResults; landingPage: string },
  siteUrl: string,
): SalesAlertMessage {
  const formLabel = leadForms[form].label
  const who = payload.name === NEWSLETTER_LEAD_NAME ? payload.email : payload.name
  const sections = [
    [`Novo lead pelo formulário "${formLabel}", em ${formatDateTime(payload.timestamp)} (horário de Brasília).`],
    [
      ...(payload.name === NEWSLETTER_LEAD_NAME ? [] : line('Nome', payload.name)),
      ...line('E-mail', payload.email),
      ...line('Telefone', payload.phone),
      ...line('Empresa', payload.company),
      ...line('Serviço de interesse', payload.service),
      ...(payload.message ? ['Mensagem:', payload.message] : []),
    ],
    resultLines(results),
    originLines(payload, landingPage),
    [`Ver o lead no painel: ${siteUrl}/admin/leads/${payload.leadId}`],
  ].filter((section) => section.length > 0)
  return { subject: `Novo lead: ${formLabel} · ${who}`, text: `${sections.map((section) => section.join('\n')).join('\n\n')}\n` }
}

/** One attempt of a `sales_email` row through the one SMTP sender (app/delivery/smtp.server.ts): never throws for SMTP reasons. */
export const sendSalesAlert = (
  settings: SalesAlertSettings,
  message: SalesAlertMessage,
  row: Pick<OutboxRow, 'messageId'>,
  timeoutMs: number,
  signal: AbortSignal = AbortSignal.timeout(timeoutMs),
): Promise<AttemptOutcome> =>
  sendSmtp(
    settings.smtpUrl,
    { from: settings.from, to: settings.to, subject: message.subject, text: message.text, messageId: rowMessageId(row, settings.siteUrl) },
    timeoutMs,
    signal,
  )

/** The delivery target of the alert: not configured (its rows kept pending, a lead gets none) without its settings. */
export function salesAlertHandlers(settings: SalesAlertSettings | null): Record<string, LeadTarget<SalesAlertMessage>> {
  return {
    [SALES_ALERT_TARGET]: {
      name: SALES_ALERT_TARGET,
      label: 'E-mail para vendas',
      payload: salesAlertPayload,
      configured: settings !== null,
      variables: ['SMTP_URL', 'SALES_ALERT_TO', 'SALES_ALERT_FROM'],
      answerCode: 'smtp',
      rowFor: ({ form, payload, results, landingPage }) => (settings ? salesAlertMessage({ form, payload, results, landingPage }, settings.siteUrl) : null),
      send: (message, row, { timeoutMs, signal }) =>
        settings ? sendSalesAlert(settings, message, row, timeoutMs, signal) : Promise.resolve({ kind: 'retry', status: null, error: 'SMTP_URL is not set' }),
    },
  }
}
