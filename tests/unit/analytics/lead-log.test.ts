import { describe, expect, it, vi } from 'vitest'
import { LEAD_LOG_STORAGE_KEY, LEAD_LOG_STORAGE_WARNING, LeadLog } from '~/analytics/lead-log'

function memoryStorage() {
  const items = new Map<string, string>()
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items }
}

const entry = (n: number) => ({ formId: 'contact_page_form', action: 'form_submit' as const, data: { n }, userAgent: 'teste', pageUrl: 'http://site/contato' })

describe('the client lead log', () => {
  it('keeps 1000 entries in memory, the last 100 in storage, and returns the ten most recent first', () => {
    const storage = memoryStorage()
    const log = new LeadLog(() => storage)
    for (let n = 1; n <= 1005; n++) log.add(entry(n))
    expect(log.size).toBe(1000)
    expect(log.recent().map((item) => item.data.n)).toEqual([1005, 1004, 1003, 1002, 1001, 1000, 999, 998, 997, 996])
    expect(log.recent(3)).toHaveLength(3)
    const stored = JSON.parse(storage.items.get(LEAD_LOG_STORAGE_KEY)!) as { data: { n: number } }[]
    expect(stored).toHaveLength(100)
    expect(stored[0]!.data.n).toBe(906)
    expect(log.recent(1)[0]).toMatchObject({ formId: 'contact_page_form', action: 'form_submit', userAgent: 'teste', pageUrl: 'http://site/contato' })
    expect(log.recent(1)[0]!.id).toMatch(/^log_\d+_[a-z0-9]+$/)
  })

  it('starts from what storage kept, in a new page', () => {
    const storage = memoryStorage()
    new LeadLog(() => storage).add(entry(1))
    expect(new LeadLog(() => storage).recent().map((item) => item.data.n)).toEqual([1])
  })

  it('warns and goes on when storage refuses to save', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const log = new LeadLog(() => ({
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError')
      },
    }))
    log.add(entry(1))
    log.add(entry(2))
    expect(log.size).toBe(2)
    expect(warn).toHaveBeenCalledWith(LEAD_LOG_STORAGE_WARNING, expect.any(DOMException))
    warn.mockRestore()
  })
})
