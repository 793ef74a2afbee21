import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashedUserData, normalizeEmail, phoneE164, sha256Hex, splitName } from '~/analytics/user-data'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

describe('user data for form_submission', () => {
  it('splits the full name at the first space: the first word, and the rest as the last name', () => {
    expect(splitName('Maria da Silva Santos')).toEqual({ firstName: 'Maria', lastName: 'da Silva Santos' })
    expect(splitName('  João   Pedro ')).toEqual({ firstName: 'João', lastName: 'Pedro' })
    expect(splitName('Madonna')).toEqual({ firstName: 'Madonna', lastName: '' })
  })

  it('normalises e-mail (trimmed, lower-cased) and phone (E.164)', () => {
    expect(normalizeEmail('  Ana.Souza@Exemplo.COM.br ')).toBe('ana.souza@exemplo.com.br')
    expect(phoneE164('(11) 98765-4321')).toBe('+5511987654321')
    expect(phoneE164('(21)3456-7890')).toBe('+552134567890')
    // The briefing posts the country's digits first.
    expect(phoneE164('12025550123', '1')).toBe('+112025550123')
    expect(phoneE164('5511987654321')).toBe('+5511987654321')
    expect(phoneE164('+351 912 345 678')).toBe('+351912345678')
    expect(phoneE164('')).toBe('')
  })

  it('hashes with SHA-256 as lower-case hex, the same as Node computes', async () => {
    expect(await sha256Hex('ana@exemplo.com')).toBe(sha256('ana@exemplo.com'))
    expect(await sha256Hex('joão')).toBe(sha256('joão'))
  })

  it('hashes each field after normalising it, and leaves out the empty ones', async () => {
    expect(await hashedUserData({ name: 'Ana Clara Souza', email: ' Ana@Exemplo.com ', phone: '(11) 98765-4321' })).toEqual({
      email: sha256('ana@exemplo.com'),
      phone_number: sha256('+5511987654321'),
      address: { first_name: sha256('ana'), last_name: sha256('clara souza') },
    })
    // The newsletter has only an e-mail.
    expect(await hashedUserData({ email: 'leitor@exemplo.com' })).toEqual({ email: sha256('leitor@exemplo.com') })
  })
})
