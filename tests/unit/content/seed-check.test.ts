// @vitest-environment node
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { WHATSAPP_NUMBER_MESSAGE } from '~/content/rules'
import { readSeedFiles, type SeedDocument } from '~/content/seed-dataset.server'
import { checkSeed, formatProblems, type SeedInput, type SeedProblem } from '../../../studio/lib/seed-check'

/**
 * Every seed document must pass the Studio's rules (Sanity's own validator,
 * run offline) and the structural checks of the contract. The check runs over
 * whatever *.ndjson files exist: each file is its own test, so a failing file
 * names itself.
 */
const seedFiles = readSeedFiles()
let problems: SeedProblem[] = []

beforeAll(async () => {
  problems = await checkSeed(seedFiles)
}, 120_000)

describe('the seed dataset', () => {
  test('has seed files to check', () => {
    expect(seedFiles.map(({ file }) => file)).toEqual(expect.arrayContaining(['settings.ndjson']))
  })

  test.each(seedFiles.map(({ file }) => [file]))('%s passes every rule of the schema', (file) => {
    expect(formatProblems(problems.filter((problem) => problem.file === file))).toEqual([])
  })

  test('no _id appears twice across files', () => {
    expect(formatProblems(problems.filter((problem) => problem.path === '_id'))).toEqual([])
  })
})

/** The check itself: each rule catches what it promises (so a green seed means something). */
describe('checkSeed catches broken documents', () => {
  const clone = <T>(value: T): T => structuredClone(value)
  const byId = (id: string): SeedDocument => {
    const document = seedFiles.flatMap(({ documents }) => documents).find((candidate) => candidate._id === id)
    if (!document) throw new Error(`${id} not in the seed`)
    return clone(document)
  }
  const homeIds = ['homePage', ...Array.from({ length: 10 }, (_, index) => `testimonial-home-${index + 1}`)]
  const homeFile = (): SeedInput => ({ file: 'home.ndjson', documents: homeIds.map(byId) })
  const messages = async (files: SeedInput[]) => formatProblems(await checkSeed(files)).join('\n')
  type Image = { _type: string; asset: { _type: string; _ref: string }; alt?: string }
  /** The parts of the home document the cases below break. */
  type HomeDocument = SeedDocument & {
    hero: { title?: string | number; subtitulo?: string }
    seo: { title: string; description: string; image?: Image }
    testimonials: { items: { _ref: string }[] }
    audience: { profiles: { _key: string }[] }
    ratingBadge: { image: Image }
  }
  const home = (files: SeedInput[]) => files[0]!.documents[0] as unknown as HomeDocument

  test('the untouched home documents pass (the baseline of the cases below)', async () => {
    expect(await messages([homeFile()])).toBe('')
  })

  test('a missing required field', async () => {
    const files = [homeFile()]
    delete home(files).hero.title
    expect(await messages(files)).toMatch(/homePage · hero\.title: .*required/i)
  })

  test('an SEO title shorter than 15 characters and a description longer than 160', async () => {
    const files = [homeFile()]
    home(files).seo.title = 'Curto'
    home(files).seo.description = 'x'.repeat(161)
    const found = await messages(files)
    expect(found).toMatch(/seo\.title: .*min/i)
    expect(found).toMatch(/seo\.description: .*max/i)
  })

  test('nine testimonials where the contract asks for ten', async () => {
    const files = [homeFile()]
    home(files).testimonials.items.pop()
    expect(await messages(files)).toMatch(/testimonials\.items: .*(exact|length)/i)
  })

  test('a rating outside 1-5', async () => {
    const files = [homeFile()]
    ;(files[0]!.documents[1] as Record<string, unknown>).rating = 6
    expect(await messages(files)).toMatch(/testimonial-home-1 · rating: .*max/i)
  })

  test('a reference to a document that does not exist', async () => {
    const files = [homeFile()]
    home(files).testimonials.items[0]!._ref = 'testimonial-que-nao-existe'
    expect(await messages(files)).toMatch(/testimonial-que-nao-existe.*não existe no seed/)
  })

  test('a reference to a document of the wrong type', async () => {
    const files = [homeFile(), { file: 'x.ndjson', documents: [byId('aboutPage')] }]
    home(files).testimonials.items[0]!._ref = 'aboutPage'
    expect(await messages(files)).toMatch(/aqui só cabe testimonial/)
  })

  test('a repeated _key and a _key outside the contract format', async () => {
    const files = [homeFile()]
    const profiles = home(files).audience.profiles
    profiles[1]!._key = profiles[0]!._key
    profiles[2]!._key = 'Perfil_3'
    const found = await messages(files)
    expect(found).toMatch(/audience\.profiles\[1\]: _key ".*" repetido/)
    expect(found).toMatch(/audience\.profiles\[2\]: _key "Perfil_3" fora do formato/)
  })

  test('an image without alt text, and one whose file does not exist', async () => {
    const files = [homeFile()]
    delete home(files).ratingBadge.image.alt
    expect(await messages(files)).toMatch(/ratingBadge\.image\.alt: .*required/i)
    const missing = [homeFile()]
    home(missing).ratingBadge.image.asset._ref = 'image-nao-existe-240x80-svg'
    expect(await messages(missing)).toMatch(/public\/images\/nao-existe\.svg não existe/)
  })

  test('an image reference whose size does not match the file', async () => {
    const files = [homeFile()]
    home(files).ratingBadge.image.asset._ref = 'image-google-rating-300x80-svg'
    expect(await messages(files)).toMatch(/o arquivo mede 240x80, a referência diz 300x80/)
  })

  test('a share image that is not 1200 × 630', async () => {
    const files = [homeFile()]
    home(files).seo.image = { _type: 'image', asset: { _type: 'reference', _ref: 'image-google-rating-240x80-svg' }, alt: 'Selo de avaliação' }
    expect(await messages(files)).toMatch(/seo\.image: Use uma imagem de 1200 × 630/)
  })

  test('a field the schema does not have, and a value of the wrong type', async () => {
    const files = [homeFile()]
    home(files).hero.subtitulo = 'campo com nome errado'
    home(files).hero.title = 42
    const found = await messages(files)
    expect(found).toMatch(/hero\.subtitulo: campo "subtitulo" não existe/)
    expect(found).toMatch(/hero\.title: esperado string, veio number/)
  })

  test('two services with the same slug', async () => {
    const first = byId('service-seo')
    const second = byId('service-social-media')
    second.slug = clone(first.slug)
    expect(await messages([{ file: 'services.ndjson', documents: [first, second] }])).toMatch(/service-social-media · slug: .*(unique|already in use)/i)
  })

  test("an article's rules: a fourth related article, one pointing at itself, a published article without a body, a cover without alt text", async () => {
    type ArticleDocument = SeedDocument & { body?: unknown[]; related: { _key: string; _ref: string }[]; coverImage: { alt?: string } }
    const blog = seedFiles.find(({ file }) => file === 'blog.ndjson')!.documents
    const articles = seedFiles.find(({ file }) => file === 'articles.ndjson')!.documents
    const broken = byId('article-geo-otimizacao-ia') as ArticleDocument
    broken.related = [...broken.related, { _key: 'aaaaaaaaaaaa', _ref: 'article-tiktok-shop-brasil-2025' }, { _key: 'bbbbbbbbbbbb', _ref: broken._id }]
    delete broken.body
    delete broken.coverImage.alt
    const found = await messages([
      { file: 'blog.ndjson', documents: blog },
      { file: 'articles.ndjson', documents: [...articles.filter((document) => document._id !== broken._id), broken] },
    ])
    expect(found).toMatch(/article-geo-otimizacao-ia · related: .*(max|3)/i)
    expect(found).toMatch(/article-geo-otimizacao-ia · related: Um artigo não pode ser relacionado a si mesmo/)
    expect(found).toMatch(/article-geo-otimizacao-ia · body: Um artigo publicado precisa de texto/)
    expect(found).toMatch(/article-geo-otimizacao-ia · coverImage\.alt: .*required/i)
  })

  test('the same _id in two files, and a type the schema does not know', async () => {
    const found = await messages([
      { file: 'a.ndjson', documents: [byId('aboutPage')] },
      { file: 'b.ndjson', documents: [byId('aboutPage'), { _id: 'episodio-1', _type: 'podcastEpisode' }] },
    ])
    expect(found).toMatch(/b\.ndjson · aboutPage · _id: _id repetido: também está em a\.ndjson/)
    expect(found).toMatch(/episodio-1 · _type: tipo "podcastEpisode" não existe/)
  })

  test('a team without its two AI agents', async () => {
    const about = byId('aboutPage') as SeedDocument & { team: { isAiAgent: boolean }[] }
    about.team.forEach((member) => (member.isAiAgent = false))
    expect(await messages([{ file: 'about.ndjson', documents: [about] }])).toMatch(/team: A equipe tem quatro pessoas, duas delas agentes de IA/)
  })

  test('a Portable Text mark that points to no annotation', async () => {
    const legal = byId('legal-termos-uso') as SeedDocument & { body: { _type: string; children?: { marks?: string[] }[] }[] }
    const block = legal.body.find((item) => item._type === 'block' && item.children?.length)!
    block.children![0]!.marks = ['nao-existe']
    expect(await messages([{ file: 'legal.ndjson', documents: [legal] }])).toMatch(/marca "nao-existe" não é decorador nem anotação/)
  })

  test('a WhatsApp number that is not 55, a DDD and a number, in Portuguese; one typed as a phone is written passes', async () => {
    const settingsWith = (number: string): SeedInput[] => {
      const settings = byId('siteSettings') as SeedDocument & { whatsapp: { number: string } }
      settings.whatsapp.number = number
      return [{ file: 'settings.ndjson', documents: [settings] }]
    }
    for (const wrong of ['(11) 99876-5432', 'ligue já', '55 11 99876-5432 ramal 2']) {
      expect(await messages(settingsWith(wrong))).toBe(`settings.ndjson · siteSettings · whatsapp.number: ${WHATSAPP_NUMBER_MESSAGE}`)
    }
    expect(await messages(settingsWith('+55 (11) 99876-5432'))).toBe('')
  })

  test('images live in public/images (the folder the check reads)', () => {
    expect(path.resolve('public/images')).toMatch(/public\/images$/)
  })
})
