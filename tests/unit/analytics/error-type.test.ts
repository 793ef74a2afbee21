import { describe, expect, it } from 'vitest'
import { errorTypeOf } from '~/analytics/lead-events.client'
import { leadErrorMessages } from '~/leads/errors'

describe('the error type of form_submission_error', () => {
  it('follows what the message mentions', () => {
    expect(errorTypeOf('Telefone inválido. Use formato: (11) 98765-4321')).toBe('validation_error')
    expect(errorTypeOf('Email inválido. Verifique o formato.')).toBe('validation_error')
    expect(errorTypeOf('WEBHOOK_URL ausente')).toBe('configuration_error')
    expect(errorTypeOf('Invalid URL')).toBe('configuration_error')
    expect(errorTypeOf('Rate limit exceeded')).toBe('rate_limit_error')
    expect(errorTypeOf(leadErrorMessages.rateLimit)).toBe('rate_limit_error')
  })

  it('falls back on the answer: field errors are validation, anything else a server error', () => {
    expect(errorTypeOf('O nome deve ter pelo menos 2 caracteres.', 400)).toBe('validation_error')
    expect(errorTypeOf(leadErrorMessages.database)).toBe('server_error')
  })
})
