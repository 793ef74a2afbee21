import { describe, expect, it } from 'vitest'
import { classifyResends, type EmailRowHistory } from '../../../scripts/bench/lib/email-resends'
import type { ReceivedMail } from '../../support/smtp-stand-in'

/** A copy the SMTP server took: its connection opened at `openedAt`, the message taken 100 ms later, closed 10 ms after. */
const copy = (openedAt: number, closedAt: number | null = openedAt + 110): ReceivedMail =>
  ({ connection: { openedAt, closedAt }, takenAt: openedAt + 100 }) as ReceivedMail
const at = (ms: number) => new Date(ms)
const history = (row: Partial<EmailRowHistory>): EmailRowHistory => ({ recorded: [], claimed: 1, unrecordedLogged: 0, leaseTaken: false, ...row })

describe('classifyResends (the cluster drill’s e-mails taken twice)', () => {
  it('one copy is no resend', () => {
    expect(classifyResends([copy(0)], history({ recorded: [{ attempt: 1, outcome: 'delivered', error: null, createdAt: at(111) }] }), { kills: [] })).toEqual(
      [],
    )
  })

  it('two SMTP dialogues of one row at once: sent twice while the first attempt was alive', () => {
    const row = history({ claimed: 2, recorded: [{ attempt: 2, outcome: 'delivered', error: null, createdAt: at(2_000) }] })
    expect(classifyResends([copy(0, 5_000), copy(1_000)], row, { kills: [] })).toEqual(['while alive'])
  })

  it('an instance whose write found another attempt on its row: while alive, even with the dialogues apart', () => {
    const row = history({ claimed: 2, leaseTaken: true, recorded: [{ attempt: 2, outcome: 'delivered', error: null, createdAt: at(20_000) }] })
    expect(classifyResends([copy(0), copy(19_000)], row, { kills: [] })).toEqual(['while alive'])
  })

  it('an attempt left without an outcome: after a SIGKILL between the copies, or as its instance logged', () => {
    const recorded = [{ attempt: 2, outcome: 'delivered', error: null, createdAt: at(19_200) }]
    expect(classifyResends([copy(0), copy(19_000)], history({ claimed: 2, recorded }), { kills: [500] })).toEqual(['after a SIGKILL'])
    // Killed while the message was in flight: the server took the data it had after the process was gone.
    expect(classifyResends([copy(0), copy(19_000)], history({ claimed: 2, recorded }), { kills: [50] })).toEqual(['after a SIGKILL'])
    expect(classifyResends([copy(0), copy(19_000)], history({ claimed: 2, recorded, unrecordedLogged: 1 }), { kills: [] })).toEqual(['after a database error'])
  })

  it('a SIGKILL outside the window, or every attempt recorded, leaves the copy unexplained', () => {
    const recorded = [{ attempt: 2, outcome: 'delivered', error: null, createdAt: at(19_200) }]
    expect(classifyResends([copy(0), copy(19_000)], history({ claimed: 2, recorded }), { kills: [30_000] })).toEqual(['unexplained'])
    const both = [{ attempt: 1, outcome: 'delivered', error: null, createdAt: at(150) }, ...recorded]
    expect(classifyResends([copy(0), copy(19_000)], history({ claimed: 2, recorded: both }), { kills: [500] })).toEqual(['unexplained'])
  })

  it('a copy the server took as the deadline cut the answer: after a cut answer', () => {
    const recorded = [
      { attempt: 1, outcome: 'retry', error: 'timeout: the attempt passed its deadline of 3000 ms', createdAt: at(150) },
      { attempt: 2, outcome: 'delivered', error: null, createdAt: at(5_200) },
    ]
    expect(classifyResends([copy(0), copy(5_000)], history({ claimed: 2, recorded }), { kills: [] })).toEqual(['after a cut answer'])
  })
})
