/**
 * The words of the first admin's setup page (/admin/configurar), read by its
 * component, its schema and its server module alike.
 */
import { MIN_ADMIN_PASSWORD_LENGTH } from './password-rules'

/** How long a setup link works, from when the server printed it. */
export const ADMIN_SETUP_TOKEN_MINUTES = 30

export const adminSetupCopy = {
  title: 'Criar o primeiro administrador',
  lead: 'Esta conta acessa os leads da área administrativa. Depois dela, este link deixa de valer: outras contas são criadas com npm run admin:create.',
  email: 'E-mail',
  password: 'Senha',
  passwordHint: `Pelo menos ${MIN_ADMIN_PASSWORD_LENGTH} caracteres.`,
  confirmation: 'Repita a senha',
  submit: 'Criar administrador',
  refusedTitle: 'Este link não serve mais',
} as const

export const adminSetupMessages = {
  passwordRequired: 'Crie uma senha.',
  confirmationRequired: 'Repita a senha.',
  unknown:
    'Este link de configuração não é válido. Copie o link inteiro que o servidor mostrou no terminal ao iniciar (a linha começa com “Nenhum admin ainda”).',
  expired: `Este link de configuração expirou: ele vale ${ADMIN_SETUP_TOKEN_MINUTES} minutos. Reinicie o servidor (npm run dev ou npm start) para receber um novo no terminal.`,
  used: 'Este link de configuração já foi usado: ele vale uma vez só. Reinicie o servidor (npm run dev ou npm start) para receber um novo no terminal.',
} as const
