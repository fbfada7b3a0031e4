/**
 * The tool-use loop: model turn, tool calls through the session's runtime
 * and permissions, results (with nested context) back to the model, until
 * the model is done or a budget, a cancel or a failure ends it.
 */
export { runToolLoop } from './run-tool-loop.js';
export type { RunToolLoopOptions, ToolLoopResult, ToolLoopStopReason } from './run-tool-loop.js';
export { executeToolCall } from './execute-tool-call.js';
export type { ExecutedToolCall } from './execute-tool-call.js';
export { MAX_IDENTICAL_CALLS, MAX_REFUSED_REPEATS, createRepeatedCallGuard } from './repeated-call-guard.js';
export type { RepeatedCallGuard } from './repeated-call-guard.js';
export { canonicalJson } from './canonical-json.js';
export {
  MAX_TOOL_CALLS_PER_TURN,
  MAX_TOOL_RESULT_BYTES_PER_RUN,
  MAX_TOOL_RESULT_BYTES_PER_TURN,
  createToolCallBudget,
} from './tool-call-budget.js';
export type { ToolCallBudget } from './tool-call-budget.js';
