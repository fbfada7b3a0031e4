import type * as z from 'zod';

const TYPE_PHRASES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
};

/**
 * A per-parse zod error map that words zod's default messages as
 * `expected ...` phrases (`expected an array`, `expected one of "a", "b"`);
 * the received value is appended later by formatZodIssues. Messages set in
 * the schema itself win over this map (zod's precedence), so a field can
 * still say `expected a positive integer`.
 */
export const describeExpected: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${TYPE_PHRASES[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return `expected ${issue.values.length === 1 ? '' : 'one of '}${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'too_small':
      return `expected ${describeBound(issue.origin, issue.inclusive === false ? 'more than' : 'at least', issue.minimum)}`;
    case 'too_big':
      return `expected ${describeBound(issue.origin, issue.inclusive === false ? 'less than' : 'at most', issue.maximum)}`;
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern !== undefined
        ? `expected a string matching ${issue.pattern}`
        : `expected a valid ${issue.format}`;
    case 'unrecognized_keys':
      return 'unknown key';
    default:
      return undefined;
  }
};

function describeBound(origin: string, relation: string, bound: number | bigint): string {
  switch (origin) {
    case 'string':
      return `a string of ${relation} ${bound} characters`;
    case 'array':
      return `an array of ${relation} ${bound} items`;
    default:
      return `a number ${relation} ${bound}`;
  }
}
