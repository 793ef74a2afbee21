/**
 * The digital-presence test's scoring: five categories of five questions,
 * options worth 0 to 4. Pure: the questions and the advice texts are content
 * (Studio) passed in; the numbers, bands and personas are the spec's and live
 * here.
 */
import type { CategoryScore as StoredCategoryScore } from '../../../db/schema'
import { CATEGORY_IDS, type CategoryId } from '../../content/tool-keys'

const CATEGORY_NAMES: Record<CategoryId, string> = {
  website_seo: 'Website e SEO',
  social_media: 'Redes Sociais',
  online_reputation: 'Reputação Online',
  branding: 'Branding',
  strategy: 'Estratégia Digital',
}
export const CATEGORIES = CATEGORY_IDS.map((id) => ({ id, name: CATEGORY_NAMES[id] }))
export { CATEGORY_IDS, type CategoryId }

export const QUESTIONS_PER_CATEGORY = 5
export const TOTAL_QUESTIONS = CATEGORIES.length * QUESTIONS_PER_CATEGORY
export const MAX_OPTION_VALUE = 4
/** Each category is worth 5 questions × 4 points. */
export const CATEGORY_MAX_SCORE = QUESTIONS_PER_CATEGORY * MAX_OPTION_VALUE

export type Question = { id: string; categoryId: CategoryId; text: string; options: readonly { label: string; value: number }[] }
export type Answer = { categoryId: CategoryId; questionId: string; value: number }

/** Three levels, used for a category's advice and for the closing advice. */
export type Level = 'low' | 'medium' | 'high'
export type Advice = {
  categories: Record<CategoryId, Record<Level, string>>
  closing: Record<Level, string>
}

/** A category's score: the stored shape (db/schema.ts), with the test's own category ids. */
export type CategoryScore = StoredCategoryScore & { id: CategoryId }
export type ColourBand = 'green' | 'yellow' | 'red'

export type TestResult = {
  overallScore: number
  categoryScores: CategoryScore[]
  /** One advice per category (in category order), then the closing advice. */
  recommendations: string[]
  persona: { title: string; subtitle: string }
}

export const progressPercent = (step: number, total: number = TOTAL_QUESTIONS) => Math.round((step / total) * 100)

/** 70 or more green (excelente), 40 or more yellow, below red. */
export const colourBand = (percentage: number): ColourBand => (percentage >= 70 ? 'green' : percentage >= 40 ? 'yellow' : 'red')

/** A category's advice: below 33 low, below 66 medium, otherwise high. */
export const categoryLevel = (percentage: number): Level => (percentage < 33 ? 'low' : percentage < 66 ? 'medium' : 'high')

/** The closing advice by the overall score: below 40 full consulting, below 70 strategic adjustments, otherwise on the right track. */
export const closingLevel = (overall: number): Level => (overall < 40 ? 'low' : overall < 70 ? 'medium' : 'high')

/** The persona by the overall score (each limit included in its band). */
export const PERSONAS = [
  { upTo: 20, title: 'Fantasma Digital' },
  { upTo: 35, title: 'Iniciante Corajoso' },
  { upTo: 50, title: 'Explorador Digital' },
  { upTo: 65, title: 'Sobrevivente da Selva Online' },
  { upTo: 80, title: 'Estrategista Intermitente' },
  { upTo: 90, title: 'Decolador Digital' },
  { upTo: 100, title: 'Ninja da Presença Digital' },
] as const

export function personaTitle(overall: number): string {
  return (PERSONAS.find((persona) => overall <= persona.upTo) ?? PERSONAS[6]).title
}

/** The subtitle names the weakest category (the first of them on a tie). */
export function personaSubtitle(scores: readonly CategoryScore[]): string {
  const weakest = scores.reduce((lowest, score) => (score.percentage < lowest.percentage ? score : lowest), scores[0]!)
  if (weakest.percentage === 100) return 'Nota máxima em todas as categorias'
  return `Seu maior espaço para crescer: ${weakest.name}`
}

export class InvalidAnswersError extends Error {
  override name = 'InvalidAnswersError'
}

/**
 * Checks a full set of answers against the questions: every question answered
 * once, with the value of one of its options. Throws InvalidAnswersError.
 */
export function checkAnswers(answers: readonly Answer[], questions: readonly Question[]): void {
  if (answers.length !== questions.length) throw new InvalidAnswersError(`esperadas ${questions.length} respostas, vieram ${answers.length}`)
  const byId = new Map(questions.map((question) => [question.id, question]))
  const seen = new Set<string>()
  for (const answer of answers) {
    const question = byId.get(answer.questionId)
    if (!question || question.categoryId !== answer.categoryId) throw new InvalidAnswersError(`pergunta desconhecida: ${answer.questionId}`)
    if (seen.has(answer.questionId)) throw new InvalidAnswersError(`pergunta respondida duas vezes: ${answer.questionId}`)
    if (!question.options.some((option) => option.value === answer.value)) throw new InvalidAnswersError(`resposta fora das opções: ${answer.questionId}`)
    seen.add(answer.questionId)
  }
}

/** Category score out of 20, percentage = round(score / 20 × 100), overall = rounded mean of the five percentages. */
export function scoreTest(answers: readonly Answer[], advice: Advice): TestResult {
  const categoryScores: CategoryScore[] = CATEGORIES.map(({ id, name }) => {
    const score = answers.filter((answer) => answer.categoryId === id).reduce((sum, answer) => sum + answer.value, 0)
    return { id, name, score, maxScore: CATEGORY_MAX_SCORE, percentage: Math.round((score / CATEGORY_MAX_SCORE) * 100) }
  })
  const overallScore = Math.round(categoryScores.reduce((sum, category) => sum + category.percentage, 0) / categoryScores.length)
  const recommendations = [
    ...categoryScores.map((category) => advice.categories[category.id][categoryLevel(category.percentage)]),
    advice.closing[closingLevel(overallScore)],
  ]
  return { overallScore, categoryScores, recommendations, persona: { title: personaTitle(overallScore), subtitle: personaSubtitle(categoryScores) } }
}
