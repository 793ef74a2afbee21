import type { Browser, Page, TestInfo } from '@playwright/test'
import { readInvitation } from '../support/invitation'
import { expect, expectFormReady, test } from './fixtures'
import { axeViolations, describeViolations } from './support/axe'
import { sendContactForm } from './support/contact-form'
import { deliveryFor, expectBookingReachedCrms, fillByLabel, mailTo, uniqueEmail } from './support/deliveries'
import { expectWhatsAppHandoff } from './support/whatsapp'

/**
 * The free strategy session booked right after a form (issue 44): from the
 * contact form's confirmation, the person picks a day (links) and a time
 * (radio buttons) without typing anything again, with JavaScript on and off
 * at 375 px; the slot is then gone for the next visitor. The invitation
 * arrives by e-mail with its .ics; the link in it cancels the session, which
 * frees the slot and sends the calendar a CANCEL. The CRMs' stand-ins hear
 * of the booking once each. A visitor without a lead picks a time and gives
 * their contact on the same page: a lead, then the booking. Two people posting
 * one slot at once: one booking, and the other reads "Esse horário acabou de
 * ser reservado" with the times left.
 *
 * Every test books on a day of its own (by project), the first free time of
 * it, so parallel projects and retries never take each other's slot.
 */

const DAY_OF_PROJECT: Record<string, number> = { 'js-mobile': 0, 'nojs-mobile': 1, 'js-desktop': 2, 'nojs-desktop': 3 }

/** Sends /contato's form as a new visitor and follows the confirmation's link to /agendar. */
async function leadThenBooking(page: Page, info: TestInfo, name: string): Promise<string> {
  const email = uniqueEmail(info, 'agenda')
  await sendContactForm(page, { name, email, phone: '(11) 98765-4321', message: 'Quero conversar sobre tráfego pago.' })
  await page.getByRole('link', { name: 'Agendar minha Sessão Estratégica' }).click()
  await expect(page).toHaveURL(/\/agendar$/)
  return email
}

/** This project's day: the n-th day link with free times (a day with none is not a link). */
async function openProjectDay(page: Page, info: TestInfo) {
  const days = page.getByRole('navigation', { name: 'Dias disponíveis' }).getByRole('link')
  const day = days.nth(DAY_OF_PROJECT[info.project.name] ?? 0)
  const label = (await day.getAttribute('aria-label'))!.split(':')[0]!
  await day.click()
  await expect(page.getByRole('heading', { level: 2, name: label, exact: true })).toBeVisible()
  return label
}

/** A new visitor, in a browser of their own, with a lead of their own, on /agendar. */
async function anotherVisitor(browser: Browser, info: TestInfo, name: string) {
  const { javaScriptEnabled, viewport, baseURL, isMobile, hasTouch, deviceScaleFactor, userAgent, locale } = info.project.use
  const context = await browser.newContext({ javaScriptEnabled, viewport, baseURL, isMobile, hasTouch, deviceScaleFactor, userAgent, locale })
  await context.addCookies([{ name: 'consentimento', value: 'recusado', url: info.project.use.baseURL! }])
  const page = await context.newPage()
  await leadThenBooking(page, info, name)
  return { page, close: () => context.close() }
}

test.describe('booking the strategy session', () => {
  // Two leads, two bookings' pages and axe on two screens: more than a page's default time on a busy machine.
  test.describe.configure({ timeout: 120_000 })
  test('@mobile from the contact form’s confirmation, picks a day and a time without typing again; the slot is gone for the next visitor', async ({
    page,
    browser,
  }, info) => {
    const email = await leadThenBooking(page, info, 'Helena Duarte Lima')
    await expect(page.getByText('Helena, escolha o dia e o horário da sua sessão de 30 minutos.')).toBeVisible()
    expect(describeViolations(await axeViolations(page))).toEqual([])
    const day = await openProjectDay(page, info)
    const slot = (await page.getByRole('radio').first().getAttribute('aria-label'))!
    const first = page.getByRole('radio', { name: slot })
    expect(slot).toMatch(new RegExp(`^${day}, das (\\d\\d:\\d\\d) às \\d\\d:\\d\\d, com (Ana Ribeiro|Bruno Carvalho)$`))
    const [, time, specialist] = slot.match(/das (\d\d:\d\d) às .*, com (.+)$/)!
    await first.click()
    await expect(first).toBeChecked()
    await page.getByRole('button', { name: 'Confirmar agendamento' }).click()
    await expect(page.getByRole('heading', { name: 'Helena, sua sessão está agendada!' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'sua sessão está agendada' })).toContainText(
      `${day.charAt(0).toUpperCase()}${day.slice(1)}, às ${time} (horário de Brasília), com ${specialist}`,
    )
    expect(describeViolations(await axeViolations(page))).toEqual([])
    // The WhatsApp handoff now names the session just booked.
    await expectWhatsAppHandoff(page, info, page.getByRole('status').filter({ hasText: 'sua sessão está agendada' }), {
      text: `Olá! Sou Helena Duarte Lima e acabei de agendar pelo site a Sessão Estratégica para ${day}, às ${time} (horário de Brasília). Podemos conversar antes?`,
      form: { name: 'contact_form', location: 'contact_page' },
    })

    const next = await anotherVisitor(browser, info, 'Marcos Teixeira')
    await openProjectDay(next.page, info)
    await expect(next.page.getByRole('radio', { name: slot })).toHaveCount(0)
    await expect(next.page.getByRole('radio').first()).toBeAttached()

    // The invitation arrives by e-mail (the SMTP server beside the site), its .ics read back by ical.js.
    const [invitation] = await mailTo(page, email)
    const Day = `${day.charAt(0).toUpperCase()}${day.slice(1)}`
    expect(invitation!.subject).toBe(`Sessão Estratégica confirmada: ${day}, às ${time}`)
    const calendar = readInvitation(invitation!.calendar!)
    expect(calendar).toMatchObject({ method: 'REQUEST', tzid: 'America/Sao_Paulo', status: 'CONFIRMED', attendees: [`mailto:${email}`] })
    expect(calendar.wallStart).toMatch(new RegExp(`T${time}:00$`))
    expect(calendar.uid).toMatch(/^sessao-[0-9a-f-]{36}@localhost$/)
    // The CRMs hear of it once each: RD Station's conversion, HubSpot's booking form, Pipedrive's meeting.
    await expectBookingReachedCrms(page, email, `${day}, às ${time} (horário de Brasília), com ${specialist}`)

    // Its link shows the session; cancelling frees the slot for the next visitor, and the calendar gets a CANCEL.
    const link = /http:\/\/localhost:3000(\/agendar\/sessao\?t=\S+)/.exec(invitation!.text)![1]!
    const shown = await page.goto(link)
    expect(shown?.headers()['cache-control']).toBe('private, no-store')
    await expect(page.getByText(`${Day}, às ${time} (horário de Brasília), com ${specialist}`)).toBeVisible()
    expect(describeViolations(await axeViolations(page))).toEqual([])
    await page.getByRole('button', { name: 'Cancelar sessão' }).click()
    await expect(page.getByText('Sua sessão foi cancelada e o horário ficou livre.')).toBeVisible()
    const cancellation = (await mailTo(page, email, 2)).find((message) => message.subject.startsWith('Sessão Estratégica cancelada'))!
    expect(readInvitation(cancellation.calendar!)).toMatchObject({ method: 'CANCEL', uid: calendar.uid, sequence: 1 })
    await next.page.reload()
    await expect(next.page.getByRole('radio', { name: slot })).toHaveCount(1)
    await next.close()

    // The person picks another time without typing: the page knows them again.
    await page.getByRole('link', { name: 'Agendar outro horário' }).click()
    await expect(page.getByText('Helena, escolha o dia e o horário')).toBeVisible()
  })

  test('a visitor without a lead picks a time and gives name, e-mail and WhatsApp on the same page, then picks another from the e-mail', async ({
    page,
    allowConsoleErrors,
  }, info) => {
    // Without JavaScript the wrong number is the server's 400: the browser logs it.
    allowConsoleErrors(/status of 400/)
    const email = uniqueEmail(info, 'agenda-nova')
    const response = await page.goto('/agendar')
    expect(response?.headers()['cache-control']).toBe('private, no-store')
    await expect(page.getByText('Escolha o dia e o horário da sua sessão de 30 minutos e diga como falamos com você.')).toBeVisible()
    const day = await openProjectDay(page, info)
    // Nothing widens the page: the days scroll in their own row.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBe(info.project.use.viewport!.width)
    // The day's last time: the other tests of this project take its first ones.
    const slot = (await page.getByRole('radio').last().getAttribute('aria-label'))!
    const [, time, specialist] = slot.match(/das (\d\d:\d\d) às .*, com (.+)$/)!
    const form = page.locator('form').filter({ has: page.getByRole('radio', { name: slot }) })
    await expectFormReady(form)
    await page.getByRole('radio', { name: slot }).click()
    await fillByLabel(form, { Nome: 'Helena Duarte Lima', 'E-mail': email, 'Telefone / WhatsApp': '1234' })
    await page.getByRole('button', { name: 'Confirmar agendamento' }).click()
    // A wrong number: the form's message on the field, with JavaScript (in the page) and without (the server's answer).
    const phone = form.getByLabel('Telefone / WhatsApp')
    await expect(page.getByText('Por favor, insira um número de telefone válido (com DDD).')).toBeVisible()
    await expect(phone).toHaveAttribute('aria-invalid', 'true')
    expect(describeViolations(await axeViolations(page))).toEqual([])
    await phone.fill('(11) 98765-4321')
    // The time picked is kept when the form comes back.
    await expect(page.getByRole('radio', { name: slot })).toBeChecked()
    await page.getByRole('button', { name: 'Confirmar agendamento' }).click()
    await expect(page.getByRole('heading', { name: 'Helena, sua sessão está agendada!' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'sua sessão está agendada' })).toContainText(
      `${day.charAt(0).toUpperCase()}${day.slice(1)}, às ${time} (horário de Brasília), com ${specialist}`,
    )
    // A lead like any other, and its invitation.
    await expect.poll(async () => (await deliveryFor(page, email)).body.source).toBe('agendamento_sessao')
    const [invitation] = await mailTo(page, email)
    expect(invitation!.subject).toBe(`Sessão Estratégica confirmada: ${day}, às ${time}`)
    expect(readInvitation(invitation!.calendar!)).toMatchObject({ method: 'REQUEST', tzid: 'America/Sao_Paulo', attendees: [`mailto:${email}`] })
    // "Escolher outro horário" from the e-mail's link: /agendar knows Helena and shows her session, which stays
    // until she confirms another time; then it moves in one step, and the first time is free again.
    const link = /http:\/\/localhost:3000(\/agendar\/sessao\?t=\S+)/.exec(invitation!.text)![1]!
    await page.goto(link)
    await page.getByRole('button', { name: 'Escolher outro horário' }).click()
    await expect(page.getByText(`Helena, sua sessão está marcada para ${day}, às ${time} (horário de Brasília)`)).toBeVisible()
    await openProjectDay(page, info)
    await expect(page.getByRole('radio', { name: slot })).toHaveCount(0)
    const other = (await page.getByRole('radio').last().getAttribute('aria-label'))!
    const [, otherTime] = other.match(/das (\d\d:\d\d) às /)!
    await page.getByRole('radio', { name: other }).click()
    await page.getByRole('button', { name: 'Confirmar novo horário' }).click()
    await expect(page.getByRole('heading', { name: 'Helena, sua sessão está agendada!' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'sua sessão está agendada' })).toContainText(`às ${otherTime} (horário de Brasília)`)
    const mail = await mailTo(page, email, 3)
    expect(mail.map((message) => message.subject)).toEqual(
      expect.arrayContaining([`Sessão Estratégica cancelada: ${day}, às ${time}`, `Sessão Estratégica confirmada: ${day}, às ${otherTime}`]),
    )
    await page.goto(`/agendar?trocar=1`)
    await openProjectDay(page, info)
    await expect(page.getByRole('radio', { name: slot })).toHaveCount(1)
  })

  test('@desktop two people posting one slot at once: one booking, and the other is told it was just taken, with the times left', async ({
    page,
    browser,
    allowConsoleErrors,
  }, info) => {
    // The refusal is a 409: the browser logs it.
    allowConsoleErrors(/status of 409/)
    await leadThenBooking(page, info, 'Ana Paula Souza')
    const other = await anotherVisitor(browser, info, 'Bruno Costa')
    const day = await openProjectDay(page, info)
    await openProjectDay(other.page, info)
    const slot = (await page.getByRole('radio').first().getAttribute('aria-label'))!
    for (const visitor of [page, other.page]) await visitor.getByRole('radio', { name: slot }).click()
    await Promise.all([page, other.page].map((visitor) => visitor.getByRole('button', { name: 'Confirmar agendamento' }).click()))
    const booked = (visitor: Page) => visitor.getByRole('heading', { name: /sua sessão está agendada!$/ })
    const refused = (visitor: Page) => visitor.getByText('Esse horário acabou de ser reservado')
    for (const visitor of [page, other.page]) await expect(booked(visitor).or(refused(visitor))).toBeVisible()
    const outcomes = await Promise.all([page, other.page].map(async (visitor) => ((await booked(visitor).isVisible()) ? 'booked' : 'refused')))
    expect([...outcomes].sort()).toEqual(['booked', 'refused'])
    const loser = outcomes[0] === 'refused' ? page : other.page
    // The one who lost reads why, on the same day, with the times still free and the taken one gone.
    await expect(loser.getByRole('heading', { level: 2, name: day, exact: true })).toBeVisible()
    await expect(loser.getByRole('radio', { name: slot })).toHaveCount(0)
    await expect(loser.getByRole('radio').first()).toHaveAttribute('aria-invalid', 'true')
    await other.close()
  })
})
