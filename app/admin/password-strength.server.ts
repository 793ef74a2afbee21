/**
 * How hard an admin password is to guess (issue 34), with zxcvbn-ts and its
 * common and Brazilian Portuguese dictionaries: blank and commonly used
 * passwords are refused, not only short ones. Server only: the dictionaries
 * never reach a page's JavaScript.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common'
import { dictionary as ptBrDictionary, translations } from '@zxcvbn-ts/language-pt-br'
import { adminPasswordMessages } from './password-rules'

/** zxcvbn's score (0 to 4) a password needs: 3 is "safely unguessable" against an online attack and a slow hash. */
const MIN_SCORE = 3

let factory: ZxcvbnFactory | undefined
const strength = () => (factory ??= new ZxcvbnFactory({ dictionary: { ...commonDictionary, ...ptBrDictionary }, graphs: adjacencyGraphs, translations }))

/** Why `password` cannot be an admin's (a pt-BR message), or null; `userInputs` are words of its own (the e-mail) it must not lean on. */
export function weakAdminPassword(password: string, userInputs: string[] = []): string | null {
  if (password.trim() === '') return adminPasswordMessages.blank
  if (strength().check(password.slice(0, 256), userInputs).score < MIN_SCORE) return adminPasswordMessages.weak
  return null
}
