import { expect, type Locator, type Page, type TestInfo } from '@playwright/test'

/** The webhook receiver Playwright starts beside the site (playwright.config.ts). */
export const receiverURL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 1}`

export type Delivery = { headers: Record<string, string>; body: Record<string, unknown> }

/** The webhook delivery of the lead with this e-mail, once it has arrived. */
export async function deliveryFor(page: Page, email: string): Promise<Delivery> {
  let found: Delivery | undefined
  await expect
    .poll(
      async () => {
        const received = (await (await page.request.get(`${receiverURL}/received`)).json()) as Delivery[]
        found = received.find((delivery) => delivery.body?.email === email)
        return Boolean(found)
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return found!
}

/** An e-mail no other test (or project) uses. */
export const uniqueEmail = (info: TestInfo, label: string) => `${label}.${info.project.name}.${Date.now()}@exemplo.com.br`.toLowerCase()

/** Fills a form's fields by their labels, in order: `{ 'E-mail': email, … }`. */
export async function fillByLabel(form: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label).fill(value)
}
