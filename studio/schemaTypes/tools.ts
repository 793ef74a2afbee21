import { defineArrayMember, defineField, defineType } from 'sanity'
import { METRIC_TYPES } from '../../app/content/tool-keys'
import { CATEGORIES, MAX_OPTION_VALUE, QUESTIONS_PER_CATEGORY, TOTAL_QUESTIONS } from '../../app/tools/presence-test/scoring'
import { pageHero, requiredString, requiredText, section, seoField, seoGroups } from './fields'

/**
 * The tools' content: what each tool says (heroes, the calculator's
 * interpretation and tips, the test's questions and advice). The numbers
 * (formulas, bands, scoring, personas) are the spec's and live in app/tools/.
 */

/** '0,1,2,3,4': each option value once. */
const OPTION_VALUES = Array.from({ length: MAX_OPTION_VALUE + 1 }, (_, value) => value).join()

const tips = defineField({
  name: 'tips',
  title: 'Dicas',
  type: 'array',
  of: [defineArrayMember({ type: 'string' })],
  validation: (rule) => rule.required().min(2).max(5),
})

const bandAdvice = (name: string, title: string) =>
  defineField({ name, title, type: 'object', fields: [requiredText('message', 'Interpretação', { rows: 2 }), tips], validation: (rule) => rule.required() })

export const calculatorPage = defineType({
  name: 'calculatorPage',
  title: 'Calculadora de métricas',
  type: 'document',
  groups: seoGroups,
  fields: [
    pageHero(),
    section('leadForm', 'Convite antes do resultado completo', [requiredString('title', 'Título'), requiredText('text', 'Texto', { rows: 2 })]),
    defineField({
      name: 'metrics',
      title: 'Interpretação e dicas por métrica',
      type: 'array',
      group: 'content',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'metricAdvice',
          fields: [
            defineField({
              name: 'metricType',
              title: 'Métrica',
              type: 'string',
              options: { list: [...METRIC_TYPES] },
              validation: (rule) => rule.required(),
            }),
            bandAdvice('good', 'Excelente'),
            bandAdvice('average', 'Na média'),
            bandAdvice('poor', 'Precisa melhorar'),
          ],
          preview: { select: { title: 'metricType' } },
        }),
      ],
      validation: (rule) =>
        rule
          .required()
          .length(METRIC_TYPES.length)
          .custom((items: { metricType?: string }[] | undefined) =>
            new Set((items ?? []).map((item) => item.metricType)).size === METRIC_TYPES.length ? true : 'Uma entrada para cada uma das seis métricas',
          ),
    }),
    seoField(),
  ],
  preview: { prepare: () => ({ title: 'Calculadora de métricas' }) },
})

const levels = (name: string, title: string) =>
  defineField({
    name,
    title,
    type: 'object',
    fields: [requiredText('low', 'Nota baixa', { rows: 2 }), requiredText('medium', 'Nota média', { rows: 2 }), requiredText('high', 'Nota alta', { rows: 2 })],
    validation: (rule) => rule.required(),
  })

const categoryOptions = { list: CATEGORIES.map((category) => ({ title: category.name, value: category.id })) }

export const presenceTestPage = defineType({
  name: 'presenceTestPage',
  title: 'Teste de Presença Digital',
  type: 'document',
  groups: seoGroups,
  fields: [
    pageHero(),
    defineField({
      name: 'questions',
      title: `Perguntas (${TOTAL_QUESTIONS}, cinco por categoria, na ordem das categorias)`,
      type: 'array',
      group: 'content',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'testQuestion',
          fields: [
            defineField({ name: 'id', title: 'Identificador', type: 'string', validation: (rule) => rule.required().regex(/^[a-z_]+_\d+$/) }),
            defineField({ name: 'category', title: 'Categoria', type: 'string', options: categoryOptions, validation: (rule) => rule.required() }),
            requiredText('text', 'Pergunta', { rows: 2 }),
            defineField({
              name: 'options',
              title: 'Opções (valem de 0 a 4 pontos)',
              type: 'array',
              of: [
                defineArrayMember({
                  type: 'object',
                  name: 'testOption',
                  fields: [
                    requiredString('label', 'Resposta'),
                    defineField({ name: 'value', title: 'Pontos', type: 'number', validation: (rule) => rule.required().integer().min(0).max(4) }),
                  ],
                  preview: { select: { title: 'label', subtitle: 'value' } },
                }),
              ],
              validation: (rule) =>
                rule
                  .required()
                  .length(MAX_OPTION_VALUE + 1)
                  .custom((options: { value?: number }[] | undefined) =>
                    [...new Set((options ?? []).map((option) => option.value))].sort().join() === OPTION_VALUES
                      ? true
                      : `Uma opção para cada valor, de 0 a ${MAX_OPTION_VALUE}`,
                  ),
            }),
          ],
          preview: { select: { title: 'text', subtitle: 'category' } },
        }),
      ],
      validation: (rule) =>
        rule
          .required()
          .length(TOTAL_QUESTIONS)
          .custom((questions: { category?: string; id?: string }[] | undefined) => {
            const list = questions ?? []
            const expected = CATEGORIES.flatMap((category) => Array.from({ length: QUESTIONS_PER_CATEGORY }, () => category.id)).join()
            if (list.map((question) => question.category).join() !== expected) return 'Cinco perguntas por categoria, na ordem das categorias'
            return new Set(list.map((question) => question.id)).size === list.length ? true : 'Cada pergunta tem um identificador único'
          }),
    }),
    defineField({
      name: 'advice',
      title: 'Recomendação por categoria',
      type: 'array',
      group: 'content',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'categoryAdvice',
          fields: [
            defineField({ name: 'category', title: 'Categoria', type: 'string', options: categoryOptions, validation: (rule) => rule.required() }),
            requiredText('low', 'Abaixo de 33%', { rows: 2 }),
            requiredText('medium', 'De 33% a 65%', { rows: 2 }),
            requiredText('high', '66% ou mais', { rows: 2 }),
          ],
          preview: { select: { title: 'category' } },
        }),
      ],
      validation: (rule) =>
        rule
          .required()
          .length(CATEGORIES.length)
          .custom((items: { category?: string }[] | undefined) =>
            new Set((items ?? []).map((item) => item.category)).size === CATEGORIES.length ? true : 'Uma recomendação para cada categoria',
          ),
    }),
    { ...levels('closing', 'Recomendação final (nota geral abaixo de 40, abaixo de 70, 70 ou mais)'), group: 'content' },
    section('results', 'Página de resultados', [
      requiredString('teaserTitle', 'Título da prévia'),
      requiredText('formText', 'Convite para ver o resultado completo', { rows: 2 }),
      requiredString('fullTitle', 'Título do resultado completo'),
      requiredString('chartTitle', 'Título do gráfico por categoria'),
      requiredString('adviceTitle', 'Título das recomendações'),
      requiredString('missing', 'Aviso de resultado não encontrado ou expirado'),
      requiredString('restartLabel', 'Link para refazer o teste'),
    ]),
    seoField(),
  ],
  preview: { prepare: () => ({ title: 'Teste de Presença Digital' }) },
})

export const briefingPage = defineType({
  name: 'briefingPage',
  title: 'Criar Agente (briefing)',
  type: 'document',
  groups: seoGroups,
  fields: [pageHero(), requiredText('replyNote', 'Aviso de resposta no último passo', { rows: 2, group: 'content' }), seoField()],
  preview: { prepare: () => ({ title: 'Criar Agente (briefing)' }) },
})
