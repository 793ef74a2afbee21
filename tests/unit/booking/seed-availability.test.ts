import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { availableDays, checkSlot } from '~/booking/slots'
import { getSchedulingSettings, setContentSource } from '~/content/content.server'
import { createSeedSource } from '~/content/source.server'
import { brasiliaMoment } from '~/utils/dates'

/** The seed's scheduling settings work offline: the parsed document goes straight into the slots. */
beforeAll(() => setContentSource(createSeedSource()))
afterAll(() => setContentSource(undefined))

describe('the seed’s availability', () => {
  it('offers both specialists fourteen weekday slots a day and nothing on a holiday', async () => {
    const rules = await getSchedulingSettings()
    const days = availableDays({ rules, now: brasiliaMoment('2026-03-30', '06:00'), bookings: [] })
    expect(days).toHaveLength(14)
    const monday = days[0]!
    expect(monday.specialists.map((item) => [item.specialist, item.slots.length])).toEqual([
      ['ana-ribeiro', 14],
      ['bruno-carvalho', 14],
    ])
    // Good Friday 2026.
    expect(days.find((day) => day.day === '2026-04-03')).toMatchObject({ blocked: true })
    expect(
      checkSlot({ rules, now: brasiliaMoment('2026-03-30', '06:00'), bookings: [], specialist: 'ana-ribeiro', start: brasiliaMoment('2026-04-03', '09:00') }),
    ).toMatchObject({
      ok: false,
      reason: 'blocked_date',
    })
  })
})
