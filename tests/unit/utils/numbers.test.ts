// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatMoney } from '~/utils/currency'
import { numberFormat } from '~/utils/numbers'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('numberFormat', () => {
  it('formats in pt-BR', () => {
    expect(numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.5)).toBe('1.234,50')
    expect(formatMoney(1234.56).replace(/\s/g, ' ')).toBe('R$ 1.234,56')
  })

  it('makes the format on first use only: a page that shows no number never makes it', () => {
    vi.useFakeTimers()
    const made = vi.spyOn(Intl, 'NumberFormat')
    const count = numberFormat({})
    vi.runAllTimers()
    expect(made).not.toHaveBeenCalled()
    expect(count.format(1234)).toBe('1.234')
    expect(count.format(5)).toBe('5')
    expect(made).toHaveBeenCalledTimes(1)
  })

  it('whenIdle, in the browser, makes the format when the page is idle (here a timer), not while the module code runs', () => {
    vi.useFakeTimers()
    const made = vi.spyOn(Intl, 'NumberFormat')
    const percent = numberFormat({ style: 'percent' }, { whenIdle: true })
    expect(made).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(made).toHaveBeenCalledTimes(1)
    // Made once: the first use finds it ready.
    expect(percent.format(0.25)).toBe('25%')
    expect(made).toHaveBeenCalledTimes(1)
  })

  it('whenIdle, a use before that task makes it then, once', () => {
    vi.useFakeTimers()
    const made = vi.spyOn(Intl, 'NumberFormat')
    const decimal = numberFormat({ maximumFractionDigits: 1 }, { whenIdle: true })
    expect(decimal.format(2.25)).toBe('2,3')
    vi.runAllTimers()
    expect(made).toHaveBeenCalledTimes(1)
  })
})
