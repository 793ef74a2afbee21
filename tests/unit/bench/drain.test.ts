import { describe, expect, it } from 'vitest'
import { waitWhileProgressing } from '../../../scripts/lib/bench-support'

/** The drills' drain: it waits while a backlog goes down, and gives up when it stalls or runs out of time. */
describe('waitWhileProgressing', () => {
  it('waits as long as the backlog keeps going down, past the stall bound in all', async () => {
    // Six polls 250 ms apart: longer than the stall bound, which only counts time without progress.
    let left = 6
    const drained = await waitWhileProgressing(async () => (left = Math.max(0, left - 1)), { stallMs: 400, capMs: 10_000 })
    expect(drained).toBe(true)
    expect(left).toBe(0)
  })

  it('gives up when the backlog stops going down', async () => {
    let polls = 0
    const drained = await waitWhileProgressing(async () => (polls++, 3), { stallMs: 600, capMs: 10_000 })
    expect(drained).toBe(false)
    expect(polls).toBeLessThan(10)
  })

  it('gives up at the cap even while the backlog goes down', async () => {
    let left = 1_000
    const drained = await waitWhileProgressing(async () => --left, { stallMs: 10_000, capMs: 600 })
    expect(drained).toBe(false)
    expect(left).toBeGreaterThan(900)
  })
})
