import { MAX_OPTION_VALUE, type Answer, type Question } from './scoring'

/**
 * Answers travel as one digit per question, in question order ('4302…'):
 * short enough for a URL or a hidden field, and read back against the
 * questions of the content. Pure: shared by the browser and the server.
 */
export const ANSWER_DIGITS = new RegExp(`^[0-${MAX_OPTION_VALUE}]*$`)

export function encodeAnswers(answers: readonly Pick<Answer, 'value'>[]): string {
  return answers.map((answer) => String(answer.value)).join('')
}

/** The answers a digit string gives for the questions; null when it is not one digit (0-4) per question answered so far. */
export function decodeAnswers(digits: string, questions: readonly Question[]): Answer[] | null {
  if (!ANSWER_DIGITS.test(digits) || digits.length > questions.length) return null
  return [...digits].map((digit, index) => {
    const question = questions[index]!
    return { categoryId: question.categoryId, questionId: question.id, value: Number(digit) }
  })
}
