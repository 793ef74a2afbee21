/**
 * The words of the admin area's shell (ADR 038): its navigation, who is
 * signed in, the pager of its tables and its error page.
 */

/** The area's sections, in the navigation's order; `end`: current only at that very address (the dashboard). */
export const ADMIN_SECTIONS: ReadonlyArray<{ to: string; label: string; end?: boolean }> = [
  { to: '/admin', label: 'Painel', end: true },
  { to: '/admin/leads', label: 'Leads' },
  { to: '/admin/entregas', label: 'Entregas' },
  { to: '/admin/spam', label: 'Spam' },
  { to: '/admin/lgpd', label: 'LGPD' },
  { to: '/admin/auditoria', label: 'Auditoria' },
]

export const adminShellCopy = {
  area: 'Área administrativa',
  signedInAs: 'Conectado como',
  signOut: 'Sair',
  previous: '← Anterior',
  next: 'Próxima →',
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  notFoundTitle: 'Página não encontrada',
  notFound: 'Este endereço não existe na área administrativa, ou o que ele mostrava foi excluído.',
  errorTitle: 'Algo deu errado',
  error: 'Não foi possível mostrar esta página agora. Tente de novo em instantes.',
  back: 'Voltar para o painel',
} as const

/** /admin/entregas (app/components/admin/delivery-health.tsx): what waits or failed, a lead's or a publish's CDN purge. */
export const deliveryHealthCopy = {
  title: 'Entregas',
  summary: (failed: number, pending: number) => `${failed} com falha · ${pending} na fila`,
  resendAll: 'Reenviar todos os que falharam',
  resent: (count: number) => (count === 1 ? '1 entrega voltou para a fila.' : `${count} entregas voltaram para a fila.`),
  empty: 'Nenhuma entrega com falha ou na fila.',
  columns: ['Lead', 'Destino', 'Situação', 'Tentativas', 'Último erro', 'Próxima tentativa'],
  statuses: { pending: 'na fila', failed: 'falhou' } as Record<string, string>,
  /** A row whose destination this server has no settings for: it is not queued, whatever its status says. */
  unsendable: 'não pode ser enviada: destino não configurado',
  targets: {
    lead_webhook: 'Webhook de leads',
    ga4: 'GA4',
    meta: 'Meta',
    sales_email: 'E-mail para vendas',
    rdstation: 'RD Station',
    hubspot: 'HubSpot',
    pipedrive: 'Pipedrive',
    cache_purge: 'Limpeza de cache (CDN)',
    fastly: 'Limpeza de cache (Fastly)',
    cloudflare: 'Limpeza de cache (Cloudflare)',
  } as Record<string, string>,
  /** An attempt's answer code: SMTP's for the sales e-mail, HTTP's for the others. */
  answerCode: (target: string, code: number) => `${target === 'sales_email' ? 'SMTP' : 'HTTP'} ${code}`,
  purge: (tags: string) => `Publicação no Sanity · etiquetas: ${tags || '—'}`,
} as const

/** 'Reenviar' of one of a lead's deliveries (/admin/leads/<id>) refused because its destination is not configured on this server. */
export const unsendableDeliveryMessage = (target: string) =>
  target === 'lead_webhook'
    ? 'Esta entrega não pode ser enviada: o webhook de leads não está configurado neste servidor (defina WEBHOOK_URL e WEBHOOK_SECRET). Ela continua como estava.'
    : `Esta entrega não pode ser enviada: o destino ${deliveryHealthCopy.targets[target] ?? target} não está configurado neste servidor. Ela continua como estava.`
