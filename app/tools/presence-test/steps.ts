/** The presence test's addresses and field names, shared by the pages, the forms and the server. */
export const TEST_PATH = '/ferramentas/teste-presenca-digital'
export const RESULTS_PATH = '/ferramentas/resultados-teste'
export const STATE_PARAM = 'estado'
export const ANSWER_FIELD = 'resposta'
export const RUN_PARAM = 'r'
/** The lead form's hidden field with the answers (one digit per question). */
export const ANSWERS_FIELD = 'respostas'
/** Where a finished test's result waits for the results page, with JavaScript. */
export const RESULTS_STORAGE_KEY = 'presenceTestResults'
export const SELECT_ANSWER_MESSAGE = 'Por favor, selecione uma resposta para continuar.'

export const testStepHref = (state: string | null) => (state ? `${TEST_PATH}?${STATE_PARAM}=${encodeURIComponent(state)}` : TEST_PATH)
