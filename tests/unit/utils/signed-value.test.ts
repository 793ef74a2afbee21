import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { checkFormTimer, createFormTimer } from '~/leads/abuse.server'
import { readSignedValue, signParts, signValue, verifyParts } from '~/utils/signed-value.server'

const OLD = 'o segredo de antes, com trinta e dois caracteres'
const NEW = 'o segredo de agora, com trinta e dois caracteres'

describe('the one signer', () => {
  it('verifies its own signature under any rotated secret, and nothing altered', () => {
    const signature = signParts(['teste', 'a', 'b'], [OLD])
    expect(verifyParts(['teste', 'a', 'b'], signature, [NEW, OLD])).toBe(true)
    expect(verifyParts(['teste', 'a', 'b'], signature, [NEW])).toBe(false)
    expect(verifyParts(['outro', 'a', 'b'], signature, [OLD])).toBe(false)
    expect(verifyParts(['teste', 'a', 'c'], signature, [OLD])).toBe(false)
    expect(verifyParts(['teste', 'a', 'b'], signature.slice(1), [OLD])).toBe(false)
    expect(verifyParts(['teste', 'a', 'b'], '', [OLD])).toBe(false)
    expect(() => signParts(['teste'], [])).toThrow(/SESSION_SECRET/)
  })

  it('signs the bytes the two signers signed before, so values already handed out stay valid', () => {
    const hmac = (text: string) => createHmac('sha256', OLD).update(text).digest('base64url')
    // A lead form's timer rendered before the signers became one: `<ms>.<nonce>.<hmac of lead-timer:form:ms:nonce>`.
    const issued = String(Date.UTC(2026, 10, 26, 12))
    const timer = `${issued}.abcdefghijkl.${hmac(`lead-timer:contato:${issued}:abcdefghijkl`)}`
    expect(checkFormTimer(timer, 'contato', { secrets: [NEW, OLD], now: Number(issued) + 60_000, minFillMs: 1000 })).toBe('ok')
    expect(checkFormTimer(timer, 'home', { secrets: [NEW, OLD], now: Number(issued) + 60_000, minFillMs: 1000 })).toBe('invalid')
    // A signed value (a tool's step token): `<value>.<ms base36>.<hmac of purpose:value:ms>`.
    const stamp = Number(issued).toString(36)
    const token = `passo-2.${stamp}.${hmac(`teste:passo-2:${stamp}`)}`
    expect(readSignedValue('teste', token, { maxAgeMs: 60_000, now: Number(issued), secrets: [OLD] })).toEqual({
      ok: true,
      value: 'passo-2',
      issuedAt: Number(issued),
    })
  })

  it('is what the timers and the signed values use', () => {
    const issued = Date.UTC(2026, 10, 26, 12)
    const timer = createFormTimer('contato', issued, [NEW])
    const [ms = '', nonce = '', signature = ''] = timer.split('.')
    expect(verifyParts(['lead-timer', 'contato', ms, nonce], signature, [NEW])).toBe(true)
    const [value = '', stamp = '', mac = ''] = signValue('teste', 'passo-2', issued, [NEW]).split('.')
    expect(verifyParts(['teste', value, stamp], mac, [NEW])).toBe(true)
  })
})
