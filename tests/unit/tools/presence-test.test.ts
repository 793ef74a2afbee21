import { describe, expect, it } from 'vitest'
import {
  CATEGORIES,
  categoryLevel,
  checkAnswers,
  closingLevel,
  colourBand,
  InvalidAnswersError,
  personaSubtitle,
  personaTitle,
  progressPercent,
  scoreTest,
  type Advice,
  type Answer,
  type CategoryId,
  type Question,
} from '~/tools/presence-test/scoring'

const advice: Advice = {
  categories: Object.fromEntries(
    CATEGORIES.map(({ id }) => [id, { low: `${id}: baixo`, medium: `${id}: médio`, high: `${id}: alto` }]),
  ) as Advice['categories'],
  closing: { low: 'consultoria completa', medium: 'ajustes estratégicos', high: 'no caminho certo' },
}

const questions: Question[] = CATEGORIES.flatMap(({ id }) =>
  [1, 2, 3, 4, 5].map((n) => ({
    id: `${id}_${n}`,
    categoryId: id,
    text: `Pergunta ${n}`,
    options: [0, 1, 2, 3, 4].map((value) => ({ label: `${value}`, value })),
  })),
)

/** Answers with the given values per category, five each. */
const answers = (values: Record<CategoryId, number[]>): Answer[] =>
  CATEGORIES.flatMap(({ id }) => values[id].map((value, index) => ({ categoryId: id, questionId: `${id}_${index + 1}`, value })))
const all = (value: number) =>
  answers(Object.fromEntries(CATEGORIES.map(({ id }) => [id, [value, value, value, value, value]])) as Record<CategoryId, number[]>)

describe('scoring', () => {
  it('all 4 answers: 100 everywhere, Ninja da Presença Digital', () => {
    const result = scoreTest(all(4), advice)
    expect(result.overallScore).toBe(100)
    expect(result.categoryScores.every((category) => category.score === 20 && category.maxScore === 20 && category.percentage === 100)).toBe(true)
    expect(result.persona.title).toBe('Ninja da Presença Digital')
    expect(result.recommendations).toEqual([...CATEGORIES.map(({ id }) => `${id}: alto`), 'no caminho certo'])
  })

  it('all 0 answers: 0 everywhere, Fantasma Digital, full consulting', () => {
    const result = scoreTest(all(0), advice)
    expect(result.overallScore).toBe(0)
    expect(result.persona).toEqual({ title: 'Fantasma Digital', subtitle: 'Seu maior espaço para crescer: Website e SEO' })
    expect(result.recommendations.at(-1)).toBe('consultoria completa')
  })

  it('a mixed case, computed by hand', () => {
    // website_seo 4+4+3+3+2 = 16 → 80%; social 1+1+1+1+1 = 5 → 25%; reputation 2×5 = 10 → 50%;
    // branding 3+3+3+3+4 = 16 → 80%; strategy 0+1+0+1+0 = 2 → 10%. Mean (80+25+50+80+10)/5 = 49 → Explorador Digital.
    const result = scoreTest(
      answers({
        website_seo: [4, 4, 3, 3, 2],
        social_media: [1, 1, 1, 1, 1],
        online_reputation: [2, 2, 2, 2, 2],
        branding: [3, 3, 3, 3, 4],
        strategy: [0, 1, 0, 1, 0],
      }),
      advice,
    )
    expect(result.categoryScores.map((category) => [category.id, category.name, category.score, category.percentage])).toEqual([
      ['website_seo', 'Website e SEO', 16, 80],
      ['social_media', 'Redes Sociais', 5, 25],
      ['online_reputation', 'Reputação Online', 10, 50],
      ['branding', 'Branding', 16, 80],
      ['strategy', 'Estratégia Digital', 2, 10],
    ])
    expect(result.overallScore).toBe(49)
    expect(result.persona).toEqual({ title: 'Explorador Digital', subtitle: 'Seu maior espaço para crescer: Estratégia Digital' })
    expect(result.recommendations).toEqual([
      'website_seo: alto',
      'social_media: baixo',
      'online_reputation: médio',
      'branding: alto',
      'strategy: baixo',
      'ajustes estratégicos',
    ])
  })

  it.each([
    [0, 'Fantasma Digital'],
    [20, 'Fantasma Digital'],
    [21, 'Iniciante Corajoso'],
    [35, 'Iniciante Corajoso'],
    [36, 'Explorador Digital'],
    [50, 'Explorador Digital'],
    [51, 'Sobrevivente da Selva Online'],
    [65, 'Sobrevivente da Selva Online'],
    [66, 'Estrategista Intermitente'],
    [80, 'Estrategista Intermitente'],
    [81, 'Decolador Digital'],
    [90, 'Decolador Digital'],
    [91, 'Ninja da Presença Digital'],
    [100, 'Ninja da Presença Digital'],
  ])('persona at %d: %s', (score, title) => {
    expect(personaTitle(score)).toBe(title)
  })

  it.each([
    [32, 'low'],
    [33, 'medium'],
    [65, 'medium'],
    [66, 'high'],
  ] as const)('category advice at %d%%: %s', (percentage, level) => {
    expect(categoryLevel(percentage)).toBe(level)
  })

  it.each([
    [39, 'low'],
    [40, 'medium'],
    [69, 'medium'],
    [70, 'high'],
  ] as const)('closing advice at %d: %s', (score, level) => {
    expect(closingLevel(score)).toBe(level)
  })

  it.each([
    [39, 'red'],
    [40, 'yellow'],
    [69, 'yellow'],
    [70, 'green'],
  ] as const)('colour at %d%%: %s', (percentage, colour) => {
    expect(colourBand(percentage)).toBe(colour)
  })

  it('names the weakest category, the first one on a tie', () => {
    const score = (id: CategoryId, percentage: number) => ({ id, name: CATEGORIES.find((c) => c.id === id)!.name, score: 0, maxScore: 20, percentage })
    expect(personaSubtitle([score('website_seo', 40), score('social_media', 20), score('online_reputation', 20)])).toBe(
      'Seu maior espaço para crescer: Redes Sociais',
    )
    expect(personaSubtitle([score('website_seo', 100), score('social_media', 100)])).toBe('Nota máxima em todas as categorias')
  })

  it('progress is the rounded share of questions', () => {
    expect(progressPercent(1)).toBe(4)
    expect(progressPercent(13)).toBe(52)
    expect(progressPercent(25)).toBe(100)
    expect(progressPercent(3, 5)).toBe(60)
  })
})

describe('checking a set of answers against the questions', () => {
  it('accepts every question answered once with one of its values', () => {
    expect(() => checkAnswers(all(3), questions)).not.toThrow()
  })

  it('refuses a missing, repeated, unknown or out-of-range answer', () => {
    expect(() => checkAnswers(all(3).slice(1), questions)).toThrow(InvalidAnswersError)
    const repeated = all(3)
    repeated[1] = { ...repeated[0]! }
    expect(() => checkAnswers(repeated, questions)).toThrow(/duas vezes/)
    const unknown = all(3)
    unknown[0] = { categoryId: 'website_seo', questionId: 'website_seo_9', value: 1 }
    expect(() => checkAnswers(unknown, questions)).toThrow(/desconhecida/)
    const outOfRange = all(3)
    outOfRange[0] = { ...outOfRange[0]!, value: 7 }
    expect(() => checkAnswers(outOfRange, questions)).toThrow(/fora das opções/)
    const wrongCategory = all(3)
    wrongCategory[0] = { ...wrongCategory[0]!, categoryId: 'branding' }
    expect(() => checkAnswers(wrongCategory, questions)).toThrow(InvalidAnswersError)
  })
})
