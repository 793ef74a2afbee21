import { describe, expect, it } from 'vitest'
import { LEAD_RECEIPT_COOKIE, parseLeadReceipt, serializeLeadReceipt, type LeadReceipt } from '~/leads/lead-receipt'

const receipt: LeadReceipt = {
  form: 'contato',
  eventId: '0b7c1c3e-1111-4a4a-9b9b-123456789abc',
  sessionId: 'session_1764000000000_abc123def',
  delivery: 'delivered',
}

describe('the lead receipt cookie', () => {
  it('reads back what the server wrote, among other cookies', () => {
    const header = `a=1; ${LEAD_RECEIPT_COOKIE}=${serializeLeadReceipt(receipt)}; b=2`
    expect(parseLeadReceipt(header)).toEqual(receipt)
    expect(serializeLeadReceipt(receipt)).not.toMatch(/[;,\s"]/)
  })

  it('is null when absent or damaged', () => {
    expect(parseLeadReceipt('a=1')).toBeNull()
    expect(parseLeadReceipt(`${LEAD_RECEIPT_COOKIE}=%7Bnot-json`)).toBeNull()
    expect(parseLeadReceipt(`${LEAD_RECEIPT_COOKIE}=${encodeURIComponent('{"form":"contato"}')}`)).toBeNull()
  })
})
