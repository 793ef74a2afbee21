/**
 * Answers the digital-presence test as its form does without JavaScript: one
 * post per question, each carrying the signed state the previous answer's
 * redirect put in the URL. Shared by the e2e suite (through Playwright's
 * request context) and `npm run lighthouse` (through fetch), which both need
 * a real results page (`/ferramentas/resultados-teste?r=<run>`).
 */

/** Posts one form to a path of the site without following redirects; the answer's status and Location. */
export type FormPoster = (path: string, form: Record<string, string>) => Promise<{ status: number; location: string | null }>

const TEST_PATH = '/ferramentas/teste-presenca-digital'
const RESULTS_PREFIX = '/ferramentas/resultados-teste?r='

/** Posts `answers` in order; returns where the last one redirects (the next step, or the results). */
export async function answerPresenceTest(post: FormPoster, answers: readonly number[]): Promise<string> {
  let location = ''
  for (const answer of answers) {
    const estado = new URL(location || '/', 'http://site').searchParams.get('estado') ?? ''
    const response = await post(TEST_PATH, { estado, resposta: String(answer) })
    if (!response.location) throw new Error(`the presence test answered ${response.status} without a Location`)
    location = response.location
  }
  return location
}

/** The results page of a test answered with these values: a stored run, as the 25th answer leads to it. */
export async function presenceTestResults(post: FormPoster, answers: readonly number[]): Promise<string> {
  const location = await answerPresenceTest(post, answers)
  if (!location.startsWith(RESULTS_PREFIX)) throw new Error(`the last answer led to ${location}, not to the results`)
  return location
}
