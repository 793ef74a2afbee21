import ICAL from 'ical.js'

/**
 * An iCalendar invitation read back by ical.js (Mozilla's parser, not the
 * library that wrote it): its METHOD and its one VEVENT's UID, sequence,
 * status, start (the TZID, the wall-clock time, and the moment its
 * VTIMEZONE makes of it), end, location and attendees. Throws on a
 * calendar ical.js cannot parse.
 */
export function readInvitation(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const zone = calendar.getFirstSubcomponent('vtimezone')
  if (zone) ICAL.TimezoneService.register(zone)
  const vevent = calendar.getFirstSubcomponent('vevent')
  if (!vevent) throw new Error('the calendar has no VEVENT')
  const event = new ICAL.Event(vevent)
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    tzid: vevent.getFirstProperty('dtstart')?.getParameter('tzid'),
    zoneOffset: zone?.getFirstSubcomponent('standard')?.getFirstPropertyValue('tzoffsetto')?.toString() ?? null,
    wallStart: event.startDate.toString(),
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    location: event.location,
    organizer: event.organizer ? event.organizer.toLowerCase() : null,
    attendees: event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase()),
  }
}
