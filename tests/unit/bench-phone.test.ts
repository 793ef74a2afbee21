import { describe, expect, it } from 'vitest'
import { cpuSlowdownFor, describeCalibration, PHONE_INDEX } from '../../scripts/bench/lib/phone'

describe('the benches’ phone (issue 42): host index / 400, between 1 and 10', () => {
  it('slows a host to a phone of index 400', () => {
    expect(PHONE_INDEX).toBe(400)
    // Lighthouse's calculator: about 2.7x at 1,170, 4x at 1,550-1,600, 6x at 2,000 (its own rounding differs a little).
    expect(cpuSlowdownFor(1600)).toBe(4)
    expect(cpuSlowdownFor(1170)).toBe(2.9)
    expect(cpuSlowdownFor(2400)).toBe(6)
  })

  it('never speeds a slow host up nor slows a fast one past 10', () => {
    expect(cpuSlowdownFor(264)).toBe(1)
    expect(cpuSlowdownFor(9000)).toBe(10)
    expect(() => cpuSlowdownFor(0)).toThrow()
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow()
  })

  it('writes the index and the slowdown in Portuguese beside a figure', () => {
    expect(describeCalibration({ hostIndex: 1180, cpuSlowdown: 3 })).toBe('índice do host 1.180 → CPU 3× mais lenta, um telefone de índice 400')
  })
})
