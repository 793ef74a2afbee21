/**
 * The words of the admin dashboard (/admin, ADR 040), and how it writes
 * numbers, days and durations: pt-BR, with Intl.
 */

export const formatCount = (value: number) => value.toLocaleString('pt-BR')
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' })
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
} as const
