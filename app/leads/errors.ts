/**
 * The error catalogue (spec lead-capture §8): what a visitor reads when a
 * lead cannot be sent. Safe for the browser (the forms show these in toasts).
 */

export const leadErrorMessages = {
  phone: 'Telefone inválido. Use formato: (11) 98765-4321',
  email: 'Email inválido. Verifique o formato.',
  rateLimit: 'Muitas tentativas. Aguarde 1 minuto e tente novamente.',
  configuration: 'Configuração do sistema incompleta. Contate o administrador.',
  /** The lead could not be stored (database down, …): the form keeps what was typed. */
  database: 'Erro ao enviar mensagem. Por favor, tente novamente.',
  /** After any failed submit (§8): the generic toast. */
  sendFailed: 'Erro ao enviar dados. Por favor, tente novamente.',
  retry: 'Tente novamente',
  /** The form's timer is over a day old (abuse.server.ts): the page gives a fresh one. */
  formExpired: 'Este formulário ficou aberto por muito tempo. Confira os dados e envie novamente.',
  /** A rendered form whose lead is already stored, sent again with other data (a stale tab): nothing stored. */
  alreadySent: 'Este formulário já foi enviado. Para mandar outra mensagem, confira os dados e envie novamente.',
  /** A post without the form's timer: never stored; the page gives one. */
  formUnconfirmed: 'Não foi possível confirmar o envio. Confira os dados e envie novamente.',
  sendSucceeded: 'Dados enviados com sucesso!',
} as const

export type LeadErrorType = 'validation_error' | 'configuration_error' | 'rate_limit_error' | 'database_error' | 'none'

export type MappedLeadError = {
  type: LeadErrorType
  /** The toast text. */
  message: string
  /** The first 200 characters of the original message, for analytics (§9). */
  detail: string
}

export const ERROR_DETAIL_MAX = 200

/**
 * Maps an error message to the catalogue by what it mentions, in the spec's
 * order: Telefone, WEBHOOK_URL / Invalid URL, Rate limit / Muitas requisições,
 * Email; anything else becomes 'Erro ao enviar: …' (or 'Tente novamente' when empty).
 */
export function mapLeadError(error: unknown): MappedLeadError {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  const detail = raw.slice(0, ERROR_DETAIL_MAX)
  if (/telefone/i.test(raw)) return { type: 'validation_error', message: leadErrorMessages.phone, detail }
  if (/WEBHOOK_URL|Invalid URL/i.test(raw)) return { type: 'configuration_error', message: leadErrorMessages.configuration, detail }
  if (/rate limit|muitas requisi[cç][oõ]es|too many requests/i.test(raw)) {
    return { type: 'rate_limit_error', message: leadErrorMessages.rateLimit, detail }
  }
  if (/e-?mail/i.test(raw)) return { type: 'validation_error', message: leadErrorMessages.email, detail }
  return { type: 'none', message: raw.trim() ? `Erro ao enviar: ${detail}` : leadErrorMessages.retry, detail }
}

/** The lead could not be written; `cause` is the driver's error (kept for logs, never shown). */
export class LeadStoreError extends Error {
  override name = 'LeadStoreError'
  readonly kind: 'database' | 'configuration'
  constructor(kind: 'database' | 'configuration', cause: unknown) {
    super(kind === 'configuration' ? leadErrorMessages.configuration : leadErrorMessages.database, { cause })
    this.kind = kind
  }
}

/** The rendered form (its timer's nonce) already produced a lead with other data: the visitor sends it again. */
export class LeadAlreadySentError extends Error {
  override name = 'LeadAlreadySentError'
  constructor() {
    super(leadErrorMessages.alreadySent)
  }
}
