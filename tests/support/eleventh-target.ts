/**
 * The eleventh target (ADR 054): what a new delivery target costs, in one
 * file. It asks for a row per stored lead (`rowFor`: none for the
 * newsletter) and posts `{ aviso }` as JSON to its endpoint; everything else
 * (the row in the lead's transaction, the claim, the lease, the retries, the
 * admin's list) comes from the delivery layer once it is in the list.
 */
import { z } from 'zod'
import { finalWhenWrong, postJson } from '~/delivery/http.server'
import type { LeadTarget } from '~/leads/stored-lead'

const payload = z.object({ aviso: z.string().min(1) })

export function eleventhTarget(url: string | null): LeadTarget<z.infer<typeof payload>> {
  return {
    name: 'decimo_primeiro',
    label: 'Décimo primeiro destino',
    payload,
    configured: url !== null,
    variables: [],
    rowFor: (lead) => (lead.form === 'newsletter' ? null : { aviso: `Novo lead de ${lead.payload.name}: ${lead.payload.email}` }),
    send: async ({ aviso }, _row, { timeoutMs, now, signal }) =>
      url
        ? finalWhenWrong(await postJson({ url, body: JSON.stringify({ aviso }), timeoutMs, now, signal }))
        : { kind: 'retry', status: null, error: 'not configured' },
  }
}
