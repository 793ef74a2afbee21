import type { Submission } from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'

/** A form's validation in the browser: its zod schema read by `parseWithZod`, as the action reads it. */
export type FormValidator<Value> = (formData: FormData) => Submission<Value>

type When = 'onBlur' | 'onSubmit'

/** Within a screen's height above or below the viewport: the validator is there before the visitor reaches the form. */
const NEAR_FORM = '100% 0px'

/**
 * Conform's validation options for a form whose validator (zod, Conform's zod
 * adapter and the form's schema: about 30 KiB gzip) is not part of the page's
 * first load (ADR 028, amended by issue 42). The import starts once the form
 * (`formId`) is within a screen's height of the viewport, as the carousel
 * loads its slider: right after hydration for a form on the first screen, as
 * the visitor scrolls towards one further down, never on a gesture, and not
 * at all on a visit that never gets near the form. Until it has arrived there
 * is no `onValidate` and nothing is validated on blur or input, so a submit
 * goes to the server, which validates it and answers Conform's `lastResult`
 * exactly as it does without JavaScript. Once it has arrived, the form is
 * validated in the browser as Conform documents it: first on `shouldValidate`,
 * then again on every input. A validator that fails to load leaves the form
 * to the server.
 *
 * `ready` is true once the browser validates; the form renders it as
 * `data-browser-validation`, which the e2e tests wait for.
 *
 * `needed` (true by default) holds the import back until the form can be
 * sent: a wizard whose steps move without validation passes "on the last
 * step", so a visitor who leaves before it never loads the validator, and
 * the page's load does not pay for evaluating it (ADR 028, amended).
 *
 *   const validation = useDeferredValidation(() => import('~/leads/lead-validation').then((module) => module.validateHomeContact), { formId: 'contato-home' })
 *   const [form, fields] = useForm<HomeContactFields>({ id, lastResult, constraint, ...validation.options })
 */
export function useDeferredValidation<Value>(
  load: () => Promise<FormValidator<Value>>,
  { formId, shouldValidate = 'onBlur', needed = true }: { formId: string; shouldValidate?: When; needed?: boolean },
) {
  const [validator, setValidator] = useState<{ validate: FormValidator<Value> } | null>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    if (!needed || near) return
    const form = document.getElementById(formId)
    if (!form || typeof IntersectionObserver === 'undefined') return setNear(true)
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: NEAR_FORM })
    observer.observe(form)
    return () => observer.disconnect()
  }, [formId, needed, near])
  // The first loader is the one: a new function on every render must not start the import again.
  const loader = useRef(load)
  useEffect(() => {
    if (!needed || !near) return
    let mounted = true
    loader.current().then(
      (validate) => {
        if (mounted) setValidator((current) => current ?? { validate })
      },
      // The server validates every post anyway (a failed chunk is the browser's own console error).
      () => {},
    )
    return () => {
      mounted = false
    }
  }, [needed, near])
  const validate = validator?.validate
  return {
    ready: validate !== undefined,
    options: validate
      ? {
          shouldValidate,
          shouldRevalidate: 'onInput' as When | 'onInput',
          onValidate: ({ formData }: { formData: FormData }) => validate(formData),
        }
      : { shouldValidate: 'onSubmit' as When, shouldRevalidate: 'onSubmit' as When | 'onInput', onValidate: undefined },
  }
}
