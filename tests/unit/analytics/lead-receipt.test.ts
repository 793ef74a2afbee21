import { describe, expect, it } from 'vitest'
import { readLeadReceipt, serializeLeadReceipt, type LeadReceipt } from '~/leads/lead-receipt'
import { LEAD_RECEIPT_COOKIE } from '~/utils/cookie-names'
import { readSiteCookie } from '~/utils/cookies.server'

/** The receipt in a Cookie header, read as the server reads any of its cookies; null when absent or not ours. */
async function parseLeadReceipt(cookieHeader: string): Promise<LeadReceipt | null> {
  const value = await readSiteCookie(new Request('http://localhost:3000/', { headers: { Cookie: cookieHeader } }), 'leadReceipt')
  return typeof value === 'string' ? readLeadReceipt(value) : null
}

const receipt: LeadReceipt = {
  form: 'contact',
  eventId: '0b7c1c3e-1111-4a4a-9b9b-123456789abc',
  sessionId: 'session_1764000000000_abc123def',
  delivery: 'delivered',
}

describe('the lead receipt cookie', () => {
  it('reads back what the server wrote, among other cookies', async () => {
    const header = `a=1; ${LEAD_RECEIPT_COOKIE}=${serializeLeadReceipt(receipt)}; b=2`
    expect(await parseLeadReceipt(header)).toEqual(receipt)
    expect(serializeLeadReceipt(receipt)).not.toMatch(/[;,\s"]/)
  })

  it('is null when absent or damaged', async () => {
    expect(await parseLeadReceipt('a=1')).toBeNull()
    expect(await parseLeadReceipt(`${LEAD_RECEIPT_COOKIE}=%7Bnot-json`)).toBeNull()
    expect(await parseLeadReceipt(`${LEAD_RECEIPT_COOKIE}=${encodeURIComponent('{"form":"contato"}')}`)).toBeNull()
  })
})
