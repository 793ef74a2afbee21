import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useState, type MouseEvent } from 'react'
import { useDeferredValidation } from '~/components/forms/deferred-validation'
import { useLeadErrorToast } from '~/components/forms/lead-form'
import { FormMessage, maskInput } from '~/components/forms/lead-form-parts'
import { LeadHiddenFields } from '~/components/forms/lead-hidden-fields'
import { Button } from '~/components/ui/button'
import { Field, SelectField, TextareaField } from '~/components/ui/field'
import { island, preloadOnIntent } from '~/components/ui/island'
import { StatusButton, useIsPending } from '~/components/ui/status-button'
import { useHydrated } from '~/components/ui/use-hydrated'
import type { BriefingPage } from '~/content/schemas'
import type { LeadActionData } from '~/leads/lead-action.server'
import type { LeadFormFields } from '~/leads/lead-forms'
import { BRIEFING_REQUIRED_MESSAGE, briefingConstraint, INTENT_FIELD, STEP_FIELD } from '~/tools/briefing/briefing-fields'
import type { BriefingFields } from '~/tools/briefing/briefing-schema'
import {
  AGENT_PURPOSES,
  briefingFunnelStep,
  BRIEFING_STEPS,
  briefingProgress,
  BUSINESS_TYPES,
  COUNTRIES,
  countryByCode,
  DEFAULT_COUNTRY,
  formatCountryPhone,
  OPERATING_HOURS,
  PLATFORMS,
  TONES,
} from '~/tools/briefing/options'
import { useFunnelCount } from './funnel-count'
import { ToolFrame } from './tool-frame'

/**
 * The confirmation (briefing-sent.tsx and the dialog's code), which the page loads only with a confirmation to
 * show (ADR 028), or once the visitor reaches for the form, as the lead forms fetch their success notice, so it
 * opens at once after the send.
 */
export const BriefingSent = island(() => import('./briefing-sent').then((module) => module.BriefingSent))

/**
 * The wizard's validator: zod and the schema are not part of the page's load (ADR 028). Only 'Enviar Briefing'
 * validates ('Próximo' and 'Anterior' move without it), so it loads once the visitor reaches the last step.
 */
const loadBriefingValidator = () => import('~/tools/briefing/briefing-validation').then((module) => module.validateBriefing)
const FORM_ID = 'briefing'

const STEP_TITLES = ['Sobre o seu negócio', 'O objetivo do agente', 'Plataformas e configurações', 'Funcionalidades e detalhes', 'Seus dados de contato']
const SELECT = 'Selecione'

/**
 * The five-step briefing. One form holds every step; the others
 * are hidden, so their values always travel with it. Without JavaScript,
 * Next and Previous post the form and the server answers the new step with
 * every value kept; with it they switch steps in the page. Only 'Enviar
 * Briefing' sends the lead; only then are name, e-mail and phone required.
 */
export function BriefingWizard({
  page,
  step: serverStep,
  values,
  leadForm,
  actionData,
}: {
  page: Pick<BriefingPage, 'replyNote'>
  step: number
  values: Record<string, unknown>
  leadForm: LeadFormFields
  actionData?: LeadActionData
}) {
  const hydrated = useHydrated()
  const [clientStep, setClientStep] = useState<number | null>(null)
  const step = actionData?.result?.status === 'error' ? BRIEFING_STEPS : (clientStep ?? serverStep)
  const lastStep = step === BRIEFING_STEPS
  useLeadErrorToast(actionData)
  const pending = useIsPending()
  const validation = useDeferredValidation(loadBriefingValidator, { formId: FORM_ID, shouldValidate: 'onSubmit', needed: lastStep })
  const [form, fields] = useForm<BriefingFields>({
    id: FORM_ID,
    lastResult: actionData?.result,
    defaultValue: values,
    constraint: briefingConstraint,
    ...validation.options,
  })
  const [country, setCountry] = useState(countryByCode(String(values.country ?? '')) ?? DEFAULT_COUNTRY)

  const countStep = useFunnelCount('briefing')
  const move = (event: MouseEvent<HTMLButtonElement>, to: number) => {
    if (!hydrated) return
    event.preventDefault()
    const funnelStep = briefingFunnelStep(step, to)
    if (funnelStep) countStep(funnelStep)
    setClientStep(to)
    requestAnimationFrame(() => document.getElementById('briefing-etapa')?.focus())
  }
  const missingContact = [fields.name.errors, fields.email.errors, fields.phone.errors].some((errors) => errors?.includes(BRIEFING_REQUIRED_MESSAGE))

  return (
    <ToolFrame step={step} total={BRIEFING_STEPS} progress={briefingProgress(step)} titleId="briefing-etapa" title={STEP_TITLES[step - 1]}>
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        data-browser-validation={validation.ready ? '' : undefined}
        {...preloadOnIntent(BriefingSent.preload)}
        className="grid gap-5"
      >
        <LeadHiddenFields {...leadForm} freshTimer={actionData?.timer} />
        <input type="hidden" name={STEP_FIELD} value={step} />

        <fieldset hidden={step !== 1} className="grid gap-5">
          <legend className="sr-only">{STEP_TITLES[0]}</legend>
          <Field
            label="Nome da empresa"
            autoComplete="organization"
            errors={fields.businessName.errors}
            {...getInputProps(fields.businessName, { type: 'text' })}
          />
          <SelectField
            label="Tipo de negócio"
            placeholder={SELECT}
            options={BUSINESS_TYPES}
            errors={fields.businessType.errors}
            {...getSelectProps(fields.businessType)}
          />
        </fieldset>

        <fieldset hidden={step !== 2} className="grid gap-5">
          <legend className="sr-only">{STEP_TITLES[1]}</legend>
          <SelectField
            label="Principal função do agente"
            placeholder={SELECT}
            options={AGENT_PURPOSES}
            errors={fields.agentPurpose.errors}
            {...getSelectProps(fields.agentPurpose)}
          />
          <TextareaField label="Principais objetivos" rows={3} errors={fields.mainGoals.errors} {...getTextareaProps(fields.mainGoals)} />
          <TextareaField label="Público-alvo" rows={3} errors={fields.targetAudience.errors} {...getTextareaProps(fields.targetAudience)} />
        </fieldset>

        <fieldset hidden={step !== 3} className="grid gap-5">
          <legend className="sr-only">{STEP_TITLES[2]}</legend>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-semibold text-ink-800">Onde o agente vai atender</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {getCollectionProps(fields.platforms, {
                type: 'checkbox',
                options: PLATFORMS.map((option) => option.value),
              }).map(({ key, ...props }) => (
                <label key={key} className="flex items-center gap-2 rounded-xl p-3 ring-1 ring-ink-200 has-checked:bg-brand-50 has-checked:ring-brand-600">
                  <input {...props} className="size-4 accent-brand-600" />
                  {PLATFORMS.find((option) => option.value === props.value)?.label}
                </label>
              ))}
            </div>
          </fieldset>
          <SelectField label="Tom de voz" placeholder={SELECT} options={TONES} errors={fields.tone.errors} {...getSelectProps(fields.tone)} />
          <SelectField
            label="Horário de funcionamento"
            placeholder={SELECT}
            options={OPERATING_HOURS}
            errors={fields.operatingHours.errors}
            {...getSelectProps(fields.operatingHours)}
          />
        </fieldset>

        <fieldset hidden={step !== 4} className="grid gap-5">
          <legend className="sr-only">{STEP_TITLES[3]}</legend>
          <TextareaField label="Funcionalidades específicas" rows={3} errors={fields.specificFeatures.errors} {...getTextareaProps(fields.specificFeatures)} />
          <TextareaField label="Integrações (CRM, agenda, loja…)" rows={3} errors={fields.integration.errors} {...getTextareaProps(fields.integration)} />
          <TextareaField label="Informações adicionais" rows={3} errors={fields.additionalInfo.errors} {...getTextareaProps(fields.additionalInfo)} />
        </fieldset>

        <fieldset hidden={step !== 5} className="grid gap-5">
          <legend className="sr-only">{STEP_TITLES[4]}</legend>
          <Field label="Seu nome" autoComplete="name" errors={fields.name.errors} {...getInputProps(fields.name, { type: 'text' })} />
          <Field label="E-mail" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: 'email' })} />
          <SelectField
            label="País"
            // Its values are ISO country codes, what the browser fills for 'country'.
            autoComplete="country"
            // Name and dial code, no flag: the flags' emoji cost the last step's tap a layout of 40-60 ms on the bench's phone (ADR 024).
            options={COUNTRIES.map((entry) => ({ value: entry.code, label: `${entry.name} (${entry.dialCode})` }))}
            errors={fields.country.errors}
            {...getSelectProps(fields.country)}
            defaultValue={String(values.country ?? DEFAULT_COUNTRY.code)}
            onChange={(event) => {
              setCountry(countryByCode(event.currentTarget.value) ?? DEFAULT_COUNTRY)
              // A number typed for another country is not this one's: start again.
              const phone = document.getElementById(fields.phone.id) as HTMLInputElement | null
              if (phone) phone.value = ''
            }}
          />
          {/* The number without its country (chosen above): autofill's tel-national, which HTML allows on a text input,
              not on type="tel"; inputMode still brings up the phone keypad. */}
          <Field
            label="Telefone / WhatsApp"
            autoComplete="tel-national"
            inputMode="tel"
            hint={`Até ${country.maxLength} dígitos, com o código de área.`}
            onInput={maskInput((typed) => formatCountryPhone(country, typed))}
            errors={fields.phone.errors}
            {...getInputProps(fields.phone, { type: 'text' })}
          />
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-ink-800">{page.replyNote}</p>
          {missingContact ? <FormMessage message={BRIEFING_REQUIRED_MESSAGE} /> : <FormMessage message={actionData?.message} />}
        </fieldset>

        <div className="flex items-center justify-between gap-3">
          <Button
            type="submit"
            name={INTENT_FIELD}
            value="previous"
            variant="secondary"
            formNoValidate
            disabled={step === 1}
            onClick={(event) => move(event, step - 1)}
          >
            Anterior
          </Button>
          {/* One button that becomes 'Enviar Briefing' on the last step: the element stays, and with it the focus. */}
          <StatusButton
            status={pending ? 'pending' : 'idle'}
            name={INTENT_FIELD}
            {...(!lastStep
              ? // 'Próximo' never waits on a send: no pending label to keep room for.
                { value: 'next', formNoValidate: true, pendingLabel: null, onClick: (event: MouseEvent<HTMLButtonElement>) => move(event, step + 1) }
              : { value: 'send' })}
          >
            {lastStep ? 'Enviar Briefing' : 'Próximo'}
          </StatusButton>
        </div>
      </Form>
    </ToolFrame>
  )
}
