/**
 * The error catalogue: what a visitor reads when a
 * lead cannot be sent. Safe for the browser (the forms show these in toasts).
 */

export const leadErrorMessages = {
  phone: 'Telefone inválido. Use formato: (11) 98765-4321',
  email: 'Email inválido. Verifique o formato.',
  rateLimit: 'Muitas tentativas. Aguarde 1 minuto e tente novamente.',
  configuration: 'Configuração do sistema incompleta. Contate o administrador.',
  /** The title of every failed send's toast; the reason (one of these) is its text. */
  sendFailed: 'Erro ao enviar dados. Por favor, tente novamente.',
  /** The lead could not be stored (database down, …): the form keeps what was typed. */
  database: 'Erro ao enviar mensagem. Por favor, tente novamente.',
  /** The form's timer is over a day old (abuse.server.ts): the reply gives a fresh one. */
  formExpired: 'Este formulário ficou aberto por muito tempo. Confira os dados e envie novamente.',
  /** A post without the form's timer: never stored; the reply gives one. */
  formUnconfirmed: 'Não foi possível confirmar o envio. Confira os dados e envie novamente.',
} as const

/** The lead could not be written; `cause` is the driver's error (kept for logs, never shown). */
export class LeadStoreError extends Error {
  override name = 'LeadStoreError'
  readonly kind: 'database' | 'configuration'
  constructor(kind: 'database' | 'configuration', cause: unknown) {
    super(kind === 'configuration' ? leadErrorMessages.configuration : leadErrorMessages.database, { cause })
    this.kind = kind
  }
}
