import { TEST_FILE } from './rank-candidates.js';

/**
 * What a file is for, by its path: the source a fix usually changes, or
 * something around it (tests, examples and playgrounds, benchmarks, docs,
 * issue and pull-request templates, CI workflows, fixtures and generated
 * code). A bug report matches the things around the source often (a test
 * repeats the reported call, a template the report's own headings), and is
 * about them seldom.
 */
export type PathRole = 'source' | 'test' | 'example' | 'benchmark' | 'docs' | 'template' | 'ci' | 'fixture' | 'types' | 'tooling';

const TEMPLATE = /(?:^|\/)\.github\/(?:ISSUE_TEMPLATE|PULL_REQUEST_TEMPLATE|DISCUSSION_TEMPLATE)(?:\/|\.|$)|(?:^|\/)(?:issue|pull_request)_template\.[a-z]+$/i;
const CI = /(?:^|\/)(?:\.github|\.circleci|\.gitlab|\.buildkite)\/|(?:^|\/)(?:\.gitlab-ci|\.travis|azure-pipelines|appveyor)\.ya?ml$/;
const FIXTURE = /(?:^|\/)(?:__fixtures__|fixtures?|__snapshots__|__mocks__|testdata|test-data|mocks?)\//;
/** Examples, demos, playgrounds, and the templates a scaffolding tool copies (`template-react/`). */
const EXAMPLE = /(?:^|\/)(?:examples?|demos?|playgrounds?|sandbox(?:es)?|samples?|[^/]*-playground|playground-[^/]*|storybook|stories|templates?|template-[^/]+)\/|(?:^|\/)play(?:ground)?\.[cm]?[jt]sx?$/i;
/** Test support outside a test folder (`tests_config/`, `test-utils/`), which TEST_FILE does not name. */
const TEST_SUPPORT = /(?:^|\/)(?:tests?|specs?)[_-][^/]*\//;
/** Hand-written type declarations. */
const TYPES = /\.d\.[cm]?ts$/;
/**
 * The repository's own tooling: scripts, and build, lint and test-runner
 * configuration at any depth (`eslint.config.js`, `karma.conf.js`,
 * `.eslintrc.yml`, `Makefile.js`, `package-scripts.js`).
 */
const TOOLING = /(?:^|\/)scripts?\/|(?:^|\/)(?:[^/]+\.(?:config|conf)\.[cm]?[jt]s|\.[^/]+rc(?:\.[a-z]+)?|(?:Makefile|Gruntfile|Gulpfile|Jakefile|package-scripts)\.[cm]?[jt]s)$/i;
const BENCHMARK = /(?:^|\/)(?:bench|benchmarks?|perf)\//;
const DOCS = /(?:^|\/)(?:docs?|documentation|website|site)\//;

export function pathRoleOf(path: string): PathRole {
  if (TEMPLATE.test(path)) return 'template';
  if (FIXTURE.test(path)) return 'fixture';
  if (TEST_FILE.test(path) || TEST_SUPPORT.test(path)) return 'test';
  if (CI.test(path)) return 'ci';
  if (BENCHMARK.test(path)) return 'benchmark';
  if (EXAMPLE.test(path)) return 'example';
  if (DOCS.test(path)) return 'docs';
  if (TOOLING.test(path)) return 'tooling';
  if (TYPES.test(path)) return 'types';
  return 'source';
}

/** Words by which a goal is about a role itself: then its files compete as source does. */
const ABOUT: Readonly<Record<Exclude<PathRole, 'source'>, RegExp>> = {
  test: /\b(?:tests? (?:file|suite|case|runner|helper)s?|(?:unit|e2e|flaky|failing) tests?|the tests?|test coverage|snapshot tests?)\b|\.(?:test|spec)\.[cm]?[jt]sx?\b/i,
  example: /\b(?:examples?|demos?|playground|sandbox|storybook)\b/i,
  benchmark: /\b(?:bench(?:mark)?s?|perf(?:ormance)? tests?)\b/i,
  docs: /\b(?:docs|documentation|website)\b/i,
  template: /\b(?:issue|pull request|PR) templates?\b/i,
  ci: /\b(?:CI|workflows?|github actions?|pipelines?|\.github)\b/,
  fixture: /\b(?:fixtures?|snapshots?|mocks?)\b/i,
  types: /\b(?:types?|typings?|typescript|TS\d*|d\.ts|generics?|type definitions?|infer(?:red|ence)?)\b/i,
  tooling: /\b(?:build scripts?|release scripts?|scripts?\/|(?:lint|build|test runner|bundler) config(?:uration)?)\b/i,
};

/** The score factor of each role when the goal is not about it: what is around the source yields to it, templates most. */
const FACTOR: Readonly<Record<Exclude<PathRole, 'source'>, number>> = { test: 0.35, fixture: 0.2, example: 0.35, benchmark: 0.35, docs: 0.4, template: 0.05, ci: 0.3, types: 0.5, tooling: 0.4 };

/**
 * The factor a goal match of `path` is scored by for `goal` (issue 17, item
 * 2): 1 for source, and for a role the goal's title (its first line) is
 * about; below 1 for tests, fixtures, examples, benchmarks, docs, templates,
 * CI, type declarations and tooling otherwise. Only the title decides, as
 * the body of a bug report mentions "the test" or "docs" in passing.
 */
export function roleFactorOf(path: string, goalTitle: string): number {
  const role = pathRoleOf(path);
  if (role === 'source' || ABOUT[role].test(goalTitle)) return 1;
  return FACTOR[role];
}
