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

export type SalesMail = { to: string[]; subject: string; text: string; messageId: string; calendar: string | null }

/** The sales team's e-mails (SMTP_URL) about the lead with this e-mail, once one has arrived. */
export async function salesMailFor(page: Page, email: string): Promise<SalesMail[]> {
  let found: SalesMail[] = []
  await expect
    .poll(
      async () => {
        const mail = (await (await page.request.get(`${receiverURL}/mail`)).json()) as SalesMail[]
        found = mail.filter((message) => message.text.includes(`E-mail: ${email}\n`))
        return found.length
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0)
  return found
}

/** The e-mails sent to this address (the session's invitation, its cancellation), once `count` have arrived. */
export async function mailTo(page: Page, address: string, count = 1): Promise<SalesMail[]> {
  let found: SalesMail[] = []
  await expect
    .poll(
      async () => {
        const mail = (await (await page.request.get(`${receiverURL}/mail`)).json()) as SalesMail[]
        found = mail.filter((message) => message.to.includes(address))
        return found.length
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count)
  return found
}

type Received = { path: string; body: { payload?: { email?: string; conversion_identifier?: string }; fields?: Array<{ name: string; value: string }> } }

/**
 * Where the sales team works, once each: the e-mail (to the team, its subject, the link to the lead in
 * /admin), RD Station's conversion under the form's identifier, HubSpot's form submission, and
 * Pipedrive's person and lead.
 */
export async function expectLeadReachedSales(
  page: Page,
  email: string,
  { subject, leadId, crmIdentifier }: { subject: string; leadId: unknown; crmIdentifier: string },
) {
  const mail = await salesMailFor(page, email)
  expect(mail).toHaveLength(1)
  expect(mail[0]).toMatchObject({ to: ['vendas@exemplo.com.br'], subject })
  expect(mail[0]!.text).toContain(`Ver o lead no painel: http://localhost:3000/admin/leads/${String(leadId)}`)
  const calls = async () => {
    const received = (await (await page.request.get(`${receiverURL}/received`)).json()) as Received[]
    return {
      rd: received.filter((call) => call.path.startsWith('/platform/conversions?api_key=') && call.body.payload?.email === email),
      hubspot: received.filter(
        (call) =>
          call.path.startsWith('/submissions/v3/integration/submit/24681357/') &&
          call.body.fields?.some((field) => field.name === 'email' && field.value === email),
      ),
    }
  }
  await expect.poll(async () => Object.values(await calls()).map((list) => list.length), { timeout: 15_000 }).toEqual([1, 1])
  expect((await calls()).rd[0]!.body.payload?.conversion_identifier).toBe(crmIdentifier)
  // Pipedrive: one person with this e-mail, and one lead of theirs for this form.
  const pipedrive = async () => {
    const kept = (await (await page.request.get(`${receiverURL}/pipedrive`)).json()) as PipedriveState
    const persons = kept.persons.filter((person) => person.emails.some((one) => one.value === email))
    return { persons: persons.length, leads: kept.leads.filter((lead) => persons.some((person) => person.id === lead.person_id)).map((lead) => lead.title) }
  }
  await expect.poll(async () => (await pipedrive()).leads.length, { timeout: 15_000 }).toBe(1)
  expect(await pipedrive()).toEqual({ persons: 1, leads: [expect.stringContaining(`(#${String(leadId).slice(0, 8)})`)] })
}

type PipedriveState = {
  persons: Array<{ id: number; emails: Array<{ value: string }> }>
  leads: Array<{ title: string; person_id: number }>
  activities: Array<{ subject: string; type: string; due_date: string; due_time: string; person_id: number }>
}

/**
 * A booked session in the CRMs, once each: RD Station's conversion `sessao-estrategica-agendada`, HubSpot's
 * submission with the `sessao_estrategica` field, and Pipedrive's meeting on the person. `when` is how they
 * name the time ('terça-feira, 1 de dezembro de 2026, às 09:00 (horário de Brasília), com Ana Ribeiro').
 */
export async function expectBookingReachedCrms(page: Page, email: string, when: string) {
  const calls = async () => {
    const received = (await (await page.request.get(`${receiverURL}/received`)).json()) as Array<Received & { body: { payload?: Record<string, unknown> } }>
    const kept = (await (await page.request.get(`${receiverURL}/pipedrive`)).json()) as PipedriveState
    const person = kept.persons.find((one) => one.emails.some((address) => address.value === email))
    return {
      rd: received.filter((call) => call.body.payload?.email === email && call.body.payload?.conversion_identifier === 'sessao-estrategica-agendada'),
      // The session's own HubSpot form (HUBSPOT_FORM_GUID_SESSION in playwright.config.ts).
      hubspot: received.filter(
        (call) =>
          call.path === '/submissions/v3/integration/submit/24681357/5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b' &&
          call.body.fields?.some((field) => field.name === 'email' && field.value === email) &&
          call.body.fields?.some((field) => field.name === 'sessao_estrategica'),
      ),
      pipedrive: kept.activities.filter((activity) => person !== undefined && activity.person_id === person.id),
    }
  }
  await expect.poll(async () => Object.values(await calls()).map((list) => list.length), { timeout: 15_000 }).toEqual([1, 1, 1])
  const { rd, hubspot, pipedrive } = await calls()
  expect(rd[0]!.body.payload?.cf_sessao_estrategica).toBe(when)
  expect(hubspot[0]!.body.fields?.find((field) => field.name === 'sessao_estrategica')?.value).toBe(when)
  expect(pipedrive[0]).toMatchObject({ type: 'meeting', subject: expect.stringMatching(/^Sessão Estratégica · /) })
}

/** An e-mail no other test (or project) uses. */
export const uniqueEmail = (info: TestInfo, label: string) => `${label}.${info.project.name}.${Date.now()}@exemplo.com.br`.toLowerCase()

/** Fills a form's fields by their labels, in order: `{ 'E-mail': email, … }`. */
export async function fillByLabel(form: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label).fill(value)
}

/** One lead for this e-mail: one webhook delivery and one sales e-mail, and no second one. */
export async function expectOneLead(page: Page, email: string) {
  await deliveryFor(page, email)
  expect(await salesMailFor(page, email)).toHaveLength(1)
  const received = (await (await page.request.get(`${receiverURL}/received`)).json()) as Array<{ body?: { email?: string } }>
  expect(received.filter((delivery) => delivery.body?.email === email)).toHaveLength(1)
}
