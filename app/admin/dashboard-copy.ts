/**
 * The words of the admin dashboard (/admin, ADR 040), and how it writes
 * numbers, days and durations: pt-BR, with Intl.
 */
import { numberFormat } from '~/utils/numbers'

const count = numberFormat({})
export const formatCount = (value: number) => count.format(value)
const percent = numberFormat({ style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' })
const share = numberFormat({ style: 'percent', maximumFractionDigits: 0 })
/** A calendar day (YYYY-MM-DD) as '24/11/2026'; `shortDay` as '24/11'. */
export const fullDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`

/** '45 s', '3 min 20 s', '2 h 5 min'. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds)
  if (whole < 60) return `${whole} s`
  if (whole < 3600) return `${Math.floor(whole / 60)} min${whole % 60 ? ` ${whole % 60} s` : ''}`
  const minutes = Math.round((whole % 3600) / 60)
  return `${Math.floor(whole / 3600)} h${minutes ? ` ${minutes} min` : ''}`
}

export const dashboardCopy = {
  title: 'Painel',
  period: 'Período',
  days: (days: number) => `${days} dias`,
  range: (first: string, last: string) => `de ${fullDay(first)} a ${fullDay(last)}`,
  total: (total: number) => `${formatCount(total)} ${total === 1 ? 'lead' : 'leads'}`,
  change: (total: number, previous: number, days: number) =>
    previous === 0
      ? `nenhum lead nos ${days} dias anteriores`
      : `${percent.format((total - previous) / previous)} em relação aos ${days} dias anteriores (${formatCount(previous)})`,
  perDay: 'Leads por dia e origem',
  utmSources: 'Principais utm_source',
  utmCampaigns: 'Principais utm_campaign',
  landingPages: 'Principais páginas de entrada',
  none: { utm: '(direto / sem UTM)', landing: '(página de entrada não registrada)' },
  noLeads: 'Nenhum lead no período.',
  leadsColumn: 'Leads',
  day: 'Dia',
  funnel: 'Funil das ferramentas',
  funnelNote:
    'Iniciaram: enviaram a primeira resposta (a calculadora, os valores de uma métrica; o teste, a primeira pergunta; o briefing, a primeira etapa). Concluíram: viram o resultado (o briefing: chegaram à etapa de contato). Leads: enviados pela ferramenta no período.',
  funnelColumns: ['Ferramenta', 'Iniciaram', 'Concluíram', 'Leads'],
  tools: { calculator: 'Calculadora de métricas', presenceTest: 'Teste de presença digital', briefing: 'Briefing de agente de IA' },
  rateLimited: (posts: number) => `Envios recusados pelo limite de tentativas no período: ${formatCount(posts)}`,
  deliveries: 'Entrega dos leads (webhook)',
  deliveryStates: { delivered: 'Entregues', pending: 'Aguardando', failed: 'Falharam', skipped: 'Sem webhook configurado' },
  median: 'Tempo mediano do lead à entrega',
  noMedian: 'nenhuma entrega no período',
  deliveriesLink: 'Ver entregas com falha ou na fila',
  busyDays: (days: string[]) => `Dias com leads: ${days.join('; ')}`,
  legend: 'Legenda: origens do período',
  dayTotal: 'Total',
  tableToggle: 'Ver dados em tabela',
  tableRegion: (caption: string) => `Tabela: ${caption}`,
  contactTitle: 'Tempo até o primeiro contato',
  contactNote:
    'Do lead chegar até a equipe marcá-lo “Em contato” (ou uma etapa além) pela primeira vez. As parcelas contam todos os leads do período, inclusive os que ainda não foram contatados.',
  contactFigures: { median: 'Mediana', within5Minutes: 'Respondidos em até 5 minutos', within1Hour: 'Respondidos em até 1 hora', contacted: 'Contatados' },
  share: (part: number, total: number) => (total === 0 ? '—' : `${share.format(part / total)} (${formatCount(part)} de ${formatCount(total)})`),
  noContact: 'nenhum lead contatado',
  byHour: 'Por hora de chegada (horário de Brasília)',
  byHourColumns: ['Hora de chegada', 'Leads', 'Contatados', 'Mediana', 'Em até 5 min', 'Em até 1 h'],
  hour: (hour: number) => `${String(hour).padStart(2, '0')}h`,
  salesBySource: 'Funil de vendas por origem',
  salesByCampaign: 'Funil de vendas por utm_campaign',
  salesNote: 'Cada etapa conta os leads do período que chegaram a ela, mesmo que depois tenham sido perdidos. Cada número abre esses leads na tabela.',
  salesColumns: { leads: 'Recebidos', contacted: 'Em contato', qualified: 'Qualificados', won: 'Clientes', booked: 'Agendaram sessão' },
  bookingTitle: 'Sessão estratégica',
  bookingNote:
    'Leads do período que agendaram a Sessão Estratégica Gratuita pelo site (sem contar as sessões canceladas), e o tempo do lead até o agendamento.',
  bookingFigures: { booked: 'Agendaram', median: 'Mediana até agendar' },
  noBooking: 'nenhuma sessão agendada',
  noCampaign: '(sem campanha)',
  source: 'Origem',
} as const
