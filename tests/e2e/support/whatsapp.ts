import { expect, type Locator, type Page, type TestInfo } from '@playwright/test'
import { WHATSAPP_HANDOFF_COOKIE } from '../../../app/utils/cookie-names'
import { eventNamed } from './data-layer'

/**
 * 'Falar agora pelo WhatsApp' on a lead's confirmation (ADR 049): the link
 * opens, in a new tab, our redirect to wa.me with `text` (the machine has
 * no internet: the browser's request to wa.me is answered here), and the
 * redirect deletes the handoff cookie (the next tap is anyone's); with
 * JavaScript the tap is a data-layer event with the form's name and place.
 */
export async function expectWhatsAppHandoff(
  page: Page,
  info: TestInfo,
  confirmation: Locator,
  { text, form }: { text: string; form: { name: string; location: string } },
) {
  const link = confirmation.getByRole('link', { name: /^Falar agora pelo WhatsApp/ })
  await expect(link).toHaveAttribute('href', '/falar-no-whatsapp')
  await page.context().route(/^https:\/\/wa\.me\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }))
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()])
  await popup.waitForURL(/^https:\/\/wa\.me\//)
  expect(new URL(popup.url()).searchParams.get('text')).toBe(text)
  await popup.close()
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(WHATSAPP_HANDOFF_COOKIE)
  if (info.project.use.javaScriptEnabled !== false) {
    expect(await eventNamed(page, 'whatsapp_click')).toMatchObject({ event: 'whatsapp_click', form_name: form.name, form_location: form.location })
  }
}
