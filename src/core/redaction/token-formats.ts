import { isAlphanumeric, isBase64Character, isBase64UrlCharacter, isWordCharacter } from './char-codes.js';

/** A credential recognised by a fixed prefix followed by a body of known characters and length. */
export interface TokenFormat {
  /** Shown in the marker: `[REDACTED:github-token]`. */
  kind: string;
  /** Literal, case-sensitive prefix. */
  prefix: string;
  /** Characters the body may contain. */
  isBodyCharacter: (code: number) => boolean;
  /** Body length bounds (the prefix not counted). A body running past `maxLength` is not this format. */
  minLength: number;
  maxLength: number;
  /** Extra check on the body (structure, character mix). */
  isValidBody?: (body: string) => boolean;
}

const isUpperOrDigit = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
const isHex = (code: number) => (code >= 48 && code <= 57) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
const isGitLabCharacter = (code: number) => isBase64UrlCharacter(code) || code === 46;
const isSlackCharacter = (code: number) => isAlphanumeric(code) || code === 45;
const isWebhookPathCharacter = (code: number) => isBase64UrlCharacter(code) || code === 47;
const isHexOrDash = (code: number) => isHex(code) || code === 45;

const hasDigitAndLetter = (body: string) => /[0-9]/.test(body) && /[A-Za-z]/.test(body);

/** One format per prefix. Every body bound is finite, so each match costs bounded work. */
export const TOKEN_FORMATS: readonly TokenFormat[] = [
  // Cloud providers
  ...['AKIA', 'ASIA', 'ABIA', 'ACCA'].map((prefix) => ({ kind: 'aws-access-key-id', prefix, isBodyCharacter: isUpperOrDigit, minLength: 16, maxLength: 16 })),
  { kind: 'google-api-key', prefix: 'AIza', isBodyCharacter: isBase64UrlCharacter, minLength: 35, maxLength: 35 },
  { kind: 'google-oauth-token', prefix: 'ya29.', isBodyCharacter: isBase64UrlCharacter, minLength: 30, maxLength: 2048, isValidBody: hasDigitAndLetter },
  { kind: 'digitalocean-token', prefix: 'dop_v1_', isBodyCharacter: isHex, minLength: 64, maxLength: 64 },
  { kind: 'databricks-token', prefix: 'dapi', isBodyCharacter: isHex, minLength: 32, maxLength: 36, isValidBody: hasDigitAndLetter },
  { kind: 'vault-token', prefix: 'hvs.', isBodyCharacter: isBase64UrlCharacter, minLength: 24, maxLength: 256, isValidBody: hasDigitAndLetter },
  // Git hosting and CI
  ...['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'].map((prefix) => ({ kind: 'github-token', prefix, isBodyCharacter: isAlphanumeric, minLength: 36, maxLength: 40 })),
  { kind: 'github-token', prefix: 'github_pat_', isBodyCharacter: isWordCharacter, minLength: 70, maxLength: 100 },
  ...['glpat-', 'glptt-', 'gldt-', 'glrt-', 'glcbt-', 'gloas-'].map((prefix) => ({
    kind: 'gitlab-token',
    prefix,
    isBodyCharacter: isGitLabCharacter,
    minLength: 20,
    maxLength: 80,
  })),
  { kind: 'npm-token', prefix: 'npm_', isBodyCharacter: isAlphanumeric, minLength: 36, maxLength: 36 },
  { kind: 'pypi-token', prefix: 'pypi-AgE', isBodyCharacter: isBase64UrlCharacter, minLength: 50, maxLength: 300 },
  { kind: 'docker-hub-token', prefix: 'dckr_pat_', isBodyCharacter: isBase64UrlCharacter, minLength: 20, maxLength: 64 },
  { kind: 'circleci-token', prefix: 'CCIPAT_', isBodyCharacter: isWordCharacter, minLength: 30, maxLength: 80 },
  { kind: 'buildkite-token', prefix: 'bkua_', isBodyCharacter: isHex, minLength: 40, maxLength: 40 },
  { kind: 'linear-api-key', prefix: 'lin_api_', isBodyCharacter: isAlphanumeric, minLength: 40, maxLength: 40 },
  { kind: 'postman-api-key', prefix: 'PMAK-', isBodyCharacter: isHexOrDash, minLength: 59, maxLength: 59 },
  // LLM providers
  { kind: 'anthropic-api-key', prefix: 'sk-ant-', isBodyCharacter: isBase64UrlCharacter, minLength: 80, maxLength: 200 },
  { kind: 'openai-api-key', prefix: 'sk-', isBodyCharacter: isBase64UrlCharacter, minLength: 32, maxLength: 200, isValidBody: hasDigitAndLetter },
  { kind: 'groq-api-key', prefix: 'gsk_', isBodyCharacter: isAlphanumeric, minLength: 48, maxLength: 56 },
  { kind: 'xai-api-key', prefix: 'xai-', isBodyCharacter: isAlphanumeric, minLength: 60, maxLength: 100, isValidBody: hasDigitAndLetter },
  { kind: 'perplexity-api-key', prefix: 'pplx-', isBodyCharacter: isAlphanumeric, minLength: 40, maxLength: 60, isValidBody: hasDigitAndLetter },
  { kind: 'replicate-api-token', prefix: 'r8_', isBodyCharacter: isAlphanumeric, minLength: 37, maxLength: 40 },
  { kind: 'huggingface-token', prefix: 'hf_', isBodyCharacter: isAlphanumeric, minLength: 30, maxLength: 40 },
  // Chat, payments, mail
  ...['xoxb-', 'xoxp-', 'xoxa-', 'xoxr-', 'xoxs-', 'xoxe-', 'xoxe.xoxp-', 'xapp-'].map((prefix) => ({
    kind: 'slack-token',
    prefix,
    isBodyCharacter: isSlackCharacter,
    minLength: 10,
    maxLength: 250,
    isValidBody: (body: string) => /[0-9]/.test(body) && body.includes('-'),
  })),
  { kind: 'slack-webhook-url', prefix: 'https://hooks.slack.com/services/', isBodyCharacter: isWebhookPathCharacter, minLength: 40, maxLength: 120 },
  ...['https://discord.com/api/webhooks/', 'https://discordapp.com/api/webhooks/'].map((prefix) => ({
    kind: 'discord-webhook-url',
    prefix,
    isBodyCharacter: isWebhookPathCharacter,
    minLength: 60,
    maxLength: 120,
  })),
  ...['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'].map((prefix) => ({ kind: 'stripe-key', prefix, isBodyCharacter: isAlphanumeric, minLength: 24, maxLength: 247 })),
  { kind: 'stripe-webhook-secret', prefix: 'whsec_', isBodyCharacter: isBase64Character, minLength: 32, maxLength: 100 },
  {
    kind: 'sendgrid-api-key',
    prefix: 'SG.',
    isBodyCharacter: isGitLabCharacter,
    minLength: 60,
    maxLength: 80,
    isValidBody: (body: string) => body.split('.').length === 2,
  },
  ...['shpat_', 'shpca_', 'shppa_', 'shpss_'].map((prefix) => ({ kind: 'shopify-token', prefix, isBodyCharacter: isHex, minLength: 32, maxLength: 32 })),
  { kind: 'age-secret-key', prefix: 'AGE-SECRET-KEY-1', isBodyCharacter: isUpperOrDigit, minLength: 58, maxLength: 58 },
];
