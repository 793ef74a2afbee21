import { LEAD_STATUSES, leadStatusCopy, leadStatusLabels, LOST_REASONS, lostReasonLabels, type LeadStatus, type LostReason } from '~/admin/lead-status'
import { SelectField } from '~/components/ui/field'

/**
 * The status and the reason a lead was lost, as the lead's page and the
 * table's bulk change post them (`status`, `motivo`). Both are always shown,
 * so the form works the same without JavaScript; the server refuses
 * "Perdido" (lost) without a reason with the reason's field marked.
 */
export function LeadStatusFields({
  idPrefix,
  status,
  reason,
  error,
  form,
}: {
  idPrefix: string
  status?: LeadStatus
  reason?: LostReason | null
  error?: { field: string; message: string } | null
  /** The form the fields belong to, when they sit outside it (the table's bulk change). */
  form?: string
}) {
  return (
    <>
      <SelectField
        id={`${idPrefix}-status`}
        name="status"
        form={form}
        label={leadStatusCopy.status}
        defaultValue={status ?? ''}
        placeholder={status ? undefined : leadStatusCopy.status}
        errors={error?.field === 'status' ? [error.message] : undefined}
        options={LEAD_STATUSES.map((value) => ({ value, label: leadStatusLabels[value] }))}
      />
      <SelectField
        id={`${idPrefix}-motivo`}
        name="motivo"
        form={form}
        label={leadStatusCopy.reason}
        hint={leadStatusCopy.reasonHint}
        defaultValue={reason ?? ''}
        placeholder={leadStatusCopy.noReason}
        errors={error?.field === 'motivo' ? [error.message] : undefined}
        options={LOST_REASONS.map((value) => ({ value, label: lostReasonLabels[value] }))}
      />
    </>
  )
}
