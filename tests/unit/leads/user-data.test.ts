import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { phoneE164 } from '~/leads/phone-e164'
import { hashedUserData, normalizeEmail, sha256Hex, splitName } from '~/leads/user-data'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

describe('user data for form_submission', () => {
  it('splits the full name at the first space: the first word, and the rest as the last name', () => {
    expect(splitName('Maria da Silva Santos')).toEqual({ firstName: 'Maria', lastName: 'da Silva Santos' })
    expect(splitName('  João   Pedro ')).toEqual({ firstName: 'João', lastName: 'Pedro' })
    expect(splitName('Madonna')).toEqual({ firstName: 'Madonna', lastName: '' })
  })

  it('normalises e-mail (trimmed, lower-cased) and phone (E.164 for its country, Brazil by default)', () => {
    expect(normalizeEmail('  Ana.Souza@Exemplo.COM.br ')).toBe('ana.souza@exemplo.com.br')
    expect(phoneE164('(11) 98765-4321')).toBe('+5511987654321')
    expect(phoneE164('(21)3456-7890')).toBe('+552134567890')
    expect(phoneE164('(201) 555-0123', 'US')).toBe('+12015550123')
    expect(phoneE164('912 345 678', 'PT')).toBe('+351912345678')
    // Not a number of that country, or none at all: nothing to match on.
    expect(phoneE164('12345')).toBeNull()
    expect(phoneE164('')).toBeNull()
    expect(phoneE164('(11) 98765-4321', 'XX')).toBeNull()
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
    // The briefing posts its country beside the number typed there.
    expect(await hashedUserData({ name: 'Mary', email: 'mary@example.com', phone: '2015550123', country: 'US' })).toMatchObject({
      phone_number: sha256('+12015550123'),
    })
    expect(await hashedUserData({ name: 'Lucas', email: 'lucas@exemplo.com.br', phone: '11987654321', country: 'BR' })).toMatchObject({
      phone_number: sha256('+5511987654321'),
    })
    // The newsletter has only an e-mail.
    expect(await hashedUserData({ email: 'leitor@exemplo.com' })).toEqual({ email: sha256('leitor@exemplo.com') })
  })
})
