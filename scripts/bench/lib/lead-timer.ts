/**
 * The time-trap value of the contact form as its page's loader renders it:
 * the benches call the loader's own function (prepareLeadForm), so they sign
 * for the scope the server checks, whatever the form's scope is named.
 */
export async function renderedContactTimer(sessionSecret: string, { openedMsAgo = 10_000 } = {}): Promise<string> {
  // The loader signs with SESSION_SECRET, as the server under test does.
  process.env.SESSION_SECRET = sessionSecret
  const { prepareLeadForm } = await import('../../../app/leads/lead-action.server')
  const { leadForm } = await prepareLeadForm(new Request('http://127.0.0.1/contato'), 'contact', { now: Date.now() - openedMsAgo })
  return leadForm.timer
}
