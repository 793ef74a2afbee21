import { z } from 'zod'
import { optional } from './fields'

/**
 * The agency's real calendar for the strategy session (issue 44, ADR 055):
 * CalDAV, what Google Calendar, iCloud, Fastmail and Nextcloud speak. With
 * these set, each specialist whose Studio entry names a calendar has its busy
 * times hide slots, and each booking is written there as an event (removed
 * when cancelled). All three or none.
 */
export const calendarEnvShape = {
  CALDAV_URL: optional(z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }).trim(), {
    purpose:
      "The CalDAV server of the specialists' calendars (`https://caldav.fastmail.com/`, `https://nuvem.exemplo.com.br/remote.php/dav/`): each specialist's calendar address, set in the Studio, must be on it. With `CALDAV_USERNAME` and `CALDAV_PASSWORD` (an app password, Basic auth): all three or none",
    example: 'https://caldav.exemplo.com.br/',
  }),
  CALDAV_USERNAME: optional(z.string().trim().min(1).max(200), {
    purpose: 'The CalDAV account that reads and writes those calendars',
    example: 'agenda@exemplo.com.br',
  }),
  CALDAV_PASSWORD: optional(z.string().min(1).max(500), { purpose: "That account's password (an app password where the provider has them)" }),
} satisfies z.ZodRawShape

export const calendarEnvNames = ['CALDAV_URL', 'CALDAV_USERNAME', 'CALDAV_PASSWORD'] as const
