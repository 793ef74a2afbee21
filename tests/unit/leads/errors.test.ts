import { describe, expect, it } from 'vitest'
import { leadErrorMessages, mapLeadError } from '~/leads/errors'

describe('error catalogue (spec §8)', () => {
  it('maps messages by what they mention', () => {
    expect(mapLeadError(new Error('Telefone deve ter 11 dígitos'))).toMatchObject({ type: 'validation_error', message: 'Telefone inválido. Use formato: (11) 98765-4321' })
    expect(mapLeadError('WEBHOOK_URL not configured')).toMatchObject({ type: 'configuration_error', message: 'Configuração do sistema incompleta. Contate o administrador.' })
    expect(mapLeadError('Invalid URL')).toMatchObject({ type: 'configuration_error' })
    expect(mapLeadError('Rate limit exceeded')).toMatchObject({ type: 'rate_limit_error', message: 'Muitas tentativas. Aguarde 1 minuto e tente novamente.' })
    expect(mapLeadError('Muitas requisições')).toMatchObject({ type: 'rate_limit_error' })
    expect(mapLeadError('Email is invalid')).toMatchObject({ type: 'validation_error', message: 'Email inválido. Verifique o formato.' })
  })

  it("falls back to 'Erro ao enviar: …' or 'Tente novamente'", () => {
    expect(mapLeadError(new Error('socket hang up'))).toEqual({ type: 'none', message: 'Erro ao enviar: socket hang up', detail: 'socket hang up' })
    expect(mapLeadError(undefined)).toMatchObject({ message: 'Tente novamente' })
  })

  it('keeps 200 characters of the original for analytics', () => {
    expect(mapLeadError('x'.repeat(500)).detail).toHaveLength(200)
  })

  it('has the database message for a lead that could not be stored', () => {
    expect(leadErrorMessages.database).toBe('Erro ao enviar mensagem. Por favor, tente novamente.')
  })
})
