// @vitest-environment node
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkSeed } from '../../../studio/lib/seed-check'

/** The Studio refuses availability the slots could not use: each mistake is named on its field, in Portuguese. */
describe('the scheduling settings in the Studio', () => {
  type Interval = { start: string; end: string }
  type Specialist = { key: string; meetingUrl?: string; weeklyHours: Array<{ weekday: string; intervals: Interval[] }> }
  type Settings = { _id: string; _type: string; blockedDates: Array<{ date: string }>; specialists: Specialist[] }
  const seed = () => JSON.parse(readFileSync('studio/seed/scheduling.ndjson', 'utf8')) as Settings
  const problems = async (document: Settings) => (await checkSeed([{ file: 'scheduling.ndjson', documents: [document] }])).map(({ message }) => message)

  it('accepts the seed', async () => {
    expect(await problems(seed())).toEqual([])
  })

  it('refuses overlapping intervals, a repeated weekday, date or key, a video call without its link and a time not in HH:MM', async () => {
    const document = seed()
    const [ana, bruno] = document.specialists as [Specialist, Specialist]
    const [first, second] = document.blockedDates as [{ date: string }, { date: string }]
    ana.weeklyHours[0]!.intervals[1]!.start = '11:00'
    ana.weeklyHours[1]!.weekday = 'monday'
    delete ana.meetingUrl
    bruno.key = 'ana-ribeiro'
    bruno.weeklyHours[0]!.intervals[0]!.end = '9:00'
    second.date = first.date
    expect(await problems(document)).toEqual(
      expect.arrayContaining([
        'Os intervalos 09:00–12:00 e 11:00–18:00 se sobrepõem',
        'Cada dia da semana aparece uma vez só (junte os intervalos no mesmo dia)',
        'Informe o link da reunião (ou escolha "Ligamos no WhatsApp da pessoa")',
        'Cada especialista precisa de um identificador diferente',
        'Cada data aparece uma vez só',
        expect.stringContaining('Use o formato HH:MM'),
      ]),
    )
  })
})
