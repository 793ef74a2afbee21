import { expect, test } from 'vitest'
import { formatArticleDate } from '~/blog/dates'
import { countWords, readingMinutes, readingTimeText } from '~/blog/reading-time'
import type { ReadingText } from '~/content/schemas'

const paragraph = (text: string) => ({ _type: 'block' as const, children: [{ text }] })

test('counts the words of blocks, callouts and table cells', () => {
  const body: ReadingText = [
    paragraph('A automação economiza R$ 1.166 por mês.'),
    { _type: 'callout', text: 'Comece pelo WhatsApp.' },
    { _type: 'figureTable', rows: [{ cells: ['Plano', 'Preço'] }, { cells: ['Starter', 'R$ 580'] }] },
    { _type: 'image' },
  ]
  // 7 + 3 + 2 + 3
  expect(countWords(body)).toBe(15)
})

test('punctuation and dashes alone are not words', () => {
  expect(countWords([paragraph('Tráfego — pago, e-commerce; 21,7% … !')])).toBe(4)
})

test('reading time: 200 words a minute, rounded up, at least one; an editor figure wins', () => {
  const words = (n: number) => [paragraph(Array.from({ length: n }, () => 'palavra').join(' '))]
  expect(readingMinutes(words(200))).toBe(1)
  expect(readingMinutes(words(201))).toBe(2)
  expect(readingMinutes(words(1600))).toBe(8)
  expect(readingMinutes([])).toBe(1)
  expect(readingMinutes(words(1600), 12)).toBe(12)
  expect(readingTimeText('{minutos} min de leitura', 8)).toBe('8 min de leitura')
})

test('dates read as calendar days in pt-BR short form', () => {
  expect(formatArticleDate('2025-10-23')).toBe('23 de out. de 2025')
  expect(formatArticleDate('2024-09-01')).toBe('1 de set. de 2024')
})
